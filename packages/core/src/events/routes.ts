import { QueueName, type EventType } from '@forum/contracts';

/** Which queues react to an event, and under which job name. */
export const EventRoutes: Record<EventType, { queue: QueueName; job: string }[]> = {
  'config.updated': [{ queue: QueueName.Maintenance, job: 'audit-config-change' }],
  'user.created': [{ queue: QueueName.Maintenance, job: 'audit-user-created' }],
  'email.verification-requested': [{ queue: QueueName.Mail, job: 'send-verification-mail' }],
};
