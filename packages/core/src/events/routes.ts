import { QueueName, type EventType } from '@forum/contracts';

/** Which queues react to an event, and under which job name. */
export const EventRoutes: Record<EventType, { queue: QueueName; job: string }[]> = {
  'config.updated': [{ queue: QueueName.Maintenance, job: 'audit-config-change' }],
  'user.created': [{ queue: QueueName.Maintenance, job: 'audit-user-created' }],
  'email.verification-requested': [{ queue: QueueName.Mail, job: 'send-verification-mail' }],
  // The read model's repair projection; feed fan-out and search indexing will join it.
  'topic.created': [{ queue: QueueName.Maintenance, job: 'project-topic-created' }],
  // Recorded for the notify and points processors (messages of §4.5, points of §4.1), not written yet.
  'comment.created': [],
  'like.created': [],
  'favorite.created': [],
  // Search indexing will react; the event is recorded for it.
  'article.created': [],
};
