import { QueueName, type EventType } from '@forum/contracts';

/** Which queues react to an event, and under which job name. */
export const EventRoutes: Record<EventType, { queue: QueueName; job: string }[]> = {
  'config.updated': [{ queue: QueueName.Maintenance, job: 'audit-config-change' }],
  'user.created': [{ queue: QueueName.Maintenance, job: 'audit-user-created' }],
  'email.verification-requested': [{ queue: QueueName.Mail, job: 'send-verification-mail' }],
  // The read model's repair projection and the feed fan-out; search indexing will join them.
  'topic.created': [
    { queue: QueueName.Maintenance, job: 'project-topic-created' },
    { queue: QueueName.Feed, job: 'fan-out-topic' },
    { queue: QueueName.Points, job: 'topic-points' },
  ],
  // The read model's repair projection and points (§4.1); messages (§4.5) will join them.
  'comment.created': [
    { queue: QueueName.Maintenance, job: 'project-comment-created' },
    { queue: QueueName.Points, job: 'comment-points' },
  ],
  'like.created': [{ queue: QueueName.Maintenance, job: 'project-like-created' }],
  'favorite.created': [{ queue: QueueName.Maintenance, job: 'project-favorite-created' }],
  // The read model's repair projection; search indexing will join it.
  'article.created': [{ queue: QueueName.Maintenance, job: 'project-article-created' }],
  'entity.changed': [{ queue: QueueName.Maintenance, job: 'project-changed' }],
  // Feed and mail (issue 9)
  'follow.created': [{ queue: QueueName.Feed, job: 'copy-followed-topics' }],
  'follow.deleted': [{ queue: QueueName.Feed, job: 'remove-unfollowed-topics' }],
  'topic.deleted': [{ queue: QueueName.Feed, job: 'remove-deleted-topic' }],
  'user.checked-in': [{ queue: QueueName.Points, job: 'check-in-points' }],
  // Recorded for the messages issue (§4.5), which will route it to the notify queue.
  'user.leveled-up': [],
  'user.muted-permanently': [
    { queue: QueueName.Points, job: 'permanent-mute-points' },
    { queue: QueueName.Maintenance, job: 'remove-permanently-muted-content' },
  ],
};
