import { QueueName, type EventType } from '@forum/contracts';

/** Which queues react to an event, and under which job name. */
export const EventRoutes: Record<EventType, { queue: QueueName; job: string }[]> = {
  'config.updated': [{ queue: QueueName.Maintenance, job: 'audit-config-change' }],
  'user.created': [{ queue: QueueName.Maintenance, job: 'audit-user-created' }],
  'email.verification-requested': [{ queue: QueueName.Mail, job: 'send-verification-mail' }],
  // The read model's repair projection, the feed fan-out, points, the live push and search.
  'topic.created': [
    { queue: QueueName.Maintenance, job: 'project-topic-created' },
    { queue: QueueName.Feed, job: 'fan-out-topic' },
    { queue: QueueName.Points, job: 'topic-points' },
    { queue: QueueName.Notify, job: 'push-new-topic' },
    { queue: QueueName.Search, job: 'index-topic' },
  ],
  // The read model's repair projection, points (§4.1), messages (§4.5) and the live comment.
  'comment.created': [
    { queue: QueueName.Maintenance, job: 'project-comment-created' },
    { queue: QueueName.Points, job: 'comment-points' },
    { queue: QueueName.Notify, job: 'notify-comment' },
  ],
  'like.created': [
    { queue: QueueName.Maintenance, job: 'project-like-created' },
    { queue: QueueName.Notify, job: 'notify-like' },
  ],
  'favorite.created': [
    { queue: QueueName.Maintenance, job: 'project-favorite-created' },
    { queue: QueueName.Notify, job: 'notify-favorite' },
  ],
  'article.created': [
    { queue: QueueName.Maintenance, job: 'project-article-created' },
    { queue: QueueName.Search, job: 'index-article' },
  ],
  'entity.changed': [
    { queue: QueueName.Maintenance, job: 'project-changed' },
    { queue: QueueName.Search, job: 'index-changed' },
  ],
  // Feed and mail (issue 9)
  'follow.created': [
    { queue: QueueName.Maintenance, job: 'project-follow-created' },
    { queue: QueueName.Feed, job: 'copy-followed-topics' },
  ],
  'follow.deleted': [
    { queue: QueueName.Maintenance, job: 'project-follow-deleted' },
    { queue: QueueName.Feed, job: 'remove-unfollowed-topics' },
  ],
  'topic.deleted': [
    { queue: QueueName.Feed, job: 'remove-deleted-topic' },
    { queue: QueueName.Notify, job: 'notify-topic-deleted' },
  ],
  'topic.restored': [{ queue: QueueName.Feed, job: 'fan-out-restored-topic' }],
  'content.deleted': [{ queue: QueueName.Notify, job: 'notify-content-deleted' }],
  'topic.recommended': [{ queue: QueueName.Notify, job: 'notify-recommended' }],
  'user.checked-in': [
    { queue: QueueName.Points, job: 'check-in-points' },
    { queue: QueueName.Maintenance, job: 'project-check-in' },
  ],
  // Recorded for the messages issue (§4.5), which will route it to the notify queue.
  'user.leveled-up': [{ queue: QueueName.Notify, job: 'notify-level-up' }],
  'user.muted-permanently': [
    { queue: QueueName.Points, job: 'permanent-mute-points' },
    { queue: QueueName.Maintenance, job: 'remove-permanently-muted-content' },
  ],
};
