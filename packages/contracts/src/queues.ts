import { z } from 'zod';

/** BullMQ queue names (docs/events-and-jobs.md). */
export const QueueName = {
  Points: 'points',
  Notify: 'notify',
  Feed: 'feed',
  Search: 'search',
  Mail: 'mail',
  Maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];
export const QueueNames = Object.values(QueueName);
export const QueueNameSchema = z.enum(QueueNames as [QueueName, ...QueueName[]]);

/** A retry from the console: one failed job of a queue, or (without `jobId`) all of them. */
export const RetryFailedJobsInputSchema = z.object({
  queue: QueueNameSchema,
  jobId: z.string().trim().min(1).max(128).optional(),
});
export type RetryFailedJobsInput = z.input<typeof RetryFailedJobsInputSchema>;

/**
 * Domain events and their payloads. An event is recorded in the same single-document write as the
 * change it describes, then dispatched to the queues that react to it.
 */
export const EventPayloadSchemas = {
  'config.updated': z.object({
    actorId: z.number().int(),
    keys: z.array(z.string()).min(1),
    /**
     * What each key was and became, shortened for the log (site settings only: the mail settings'
     * row, which holds a password, records its key alone). Absent in events of older releases.
     */
    changes: z
      .array(z.object({ key: z.string(), from: z.string().max(200), to: z.string().max(200) }))
      .optional(),
    /** Where the save came from, for the operation log (absent in events of older releases). */
    ip: z.string().max(128).optional(),
    userAgent: z.string().max(1024).optional(),
  }),
  'user.created': z.object({
    userId: z.number().int().positive(),
    source: z.enum(['owner-bootstrap', 'signup', 'third-party', 'admin']),
    /** Who made it, when not the user (the owner in the console), and from where. */
    actorId: z.number().int().positive().optional(),
    ip: z.string().max(128).optional(),
    userAgent: z.string().max(1024).optional(),
  }),
  'email.verification-requested': z.object({
    codeId: z.number().int().positive(),
    userId: z.number().int().positive(),
  }),
  'topic.created': z.object({
    topicId: z.number().int().positive(),
    userId: z.number().int().positive(),
    nodeId: z.number().int(),
  }),
  'comment.created': z.object({
    commentId: z.number().int().positive(),
    entityType: z.string(),
    entityId: z.number().int().positive(),
    userId: z.number().int().positive(),
  }),
  'like.created': z.object({
    likeId: z.number().int().positive(),
    entityType: z.string(),
    entityId: z.number().int().positive(),
    userId: z.number().int().positive(),
  }),
  'favorite.created': z.object({
    favoriteId: z.number().int().positive(),
    entityType: z.string(),
    entityId: z.number().int().positive(),
    userId: z.number().int().positive(),
  }),
  'article.created': z.object({
    articleId: z.number().int().positive(),
    userId: z.number().int().positive(),
    status: z.number().int(),
  }),
  /** An edit, delete, moderation or account change of a document the read model shows. */
  'entity.changed': z.object({
    kind: z.enum(['topic', 'article', 'user', 'comment']),
    id: z.number().int().positive(),
  }),
  // Feed and mail
  /** `followId` is the follow row's `_id` (absent from events recorded before it was added). */
  'follow.created': z.object({
    followId: z.number().int().positive().optional(),
    userId: z.number().int().positive(),
    otherId: z.number().int().positive(),
  }),
  'follow.deleted': z.object({
    userId: z.number().int().positive(),
    otherId: z.number().int().positive(),
    /** The row that went (events recorded before it was carried do not name it). */
    followId: z.number().int().positive().optional(),
  }),
  /** A moderator marked a topic recommended (docs/legacy-api.md §4.5: its author is told). */
  'topic.recommended': z.object({
    topicId: z.number().int().positive(),
    userId: z.number().int().positive(),
    actorId: z.number().int().positive(),
  }),
  'topic.deleted': z.object({
    topicId: z.number().int().positive(),
    userId: z.number().int().positive(),
    actorId: z.number().int().positive(),
  }),
  /** A moderator brought a deleted topic back: its author's fans see it in their feeds again. */
  'topic.restored': z.object({
    topicId: z.number().int().positive(),
    actorId: z.number().int().positive(),
  }),
  /** An article or comment deleted by someone other than its author (its author is told). */
  'content.deleted': z.object({
    entityType: z.enum(['article', 'comment']),
    entityId: z.number().int().positive(),
    userId: z.number().int().positive(),
    actorId: z.number().int().positive(),
  }),
  /**
   * A moderator approved an article that waited for review, or rejected it (deleted it while it
   * waited): its author is told with a 系统通知 message.
   */
  'article.reviewed': z.object({
    articleId: z.number().int().positive(),
    userId: z.number().int().positive(),
    actorId: z.number().int().positive(),
    approved: z.boolean(),
  }),
  // Points
  /** A mute set, changed or lifted: the user is told with a 系统通知 message. */
  'user.mute-changed': z.object({
    userId: z.number().int().positive(),
    actorId: z.number().int().positive(),
    /** 0 lifted, -1 for ever, else the end in ms. */
    forbiddenEndTime: z.number().int(),
    reason: z.string().max(200),
  }),
  'user.muted-permanently': z.object({
    userId: z.number().int().positive(),
    actorId: z.number().int().positive(),
  }),
  /**
   * A moderator handled the open reports of an item (docs/moderation.md): each reporter is told.
   * Recorded in the decision's row (`report_decisions`, `_id` = `decisionId`).
   */
  'report.handled': z.object({
    decisionId: z.string().max(128),
    targetType: z.enum(['topic', 'comment', 'article', 'user']),
    targetId: z.number().int().positive(),
    action: z.enum(['dismiss', 'delete', 'mute']),
    actorId: z.number().int().positive(),
    reporterIds: z.array(z.number().int().positive()).max(10_000),
    /** The item's title or excerpt when it was handled, for the reporters' message. */
    label: z.string().max(200),
  }),
  'user.checked-in': z.object({
    userId: z.number().int().positive(),
    /** yyyyMMdd in the site's time zone. */
    dayName: z.number().int().positive(),
  }),
  /** Points took the user past a higher level's threshold; recorded once per user and level. */
  'user.leveled-up': z.object({
    userId: z.number().int().positive(),
    level: z.number().int(),
    previousLevel: z.number().int(),
  }),
} as const;
export type EventType = keyof typeof EventPayloadSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof EventPayloadSchemas)[T]>;
export const EventTypes = Object.keys(EventPayloadSchemas) as EventType[];

/** A queue that reacts to an event, and the name of its job there. */
export interface EventRoute {
  queue: QueueName;
  job: string;
  /**
   * The job only repeats the projection its writer runs before dispatching (a read-model repair for
   * a writer that died first): a writer that projected its insert leaves it out, and the sweeper,
   * which re-dispatches what a dead writer left, includes it.
   */
  repair?: true;
}

/**
 * Which queues react to each event, and under which job name: the routing table, as data. Recording
 * and dispatching an event needs only this table; the worker registers a handler for every route
 * (a test there checks that each route has its job and each event job its route). An event goes at
 * most once to each queue, since its id is the job id there.
 */
export const EventRoutes = {
  'config.updated': [{ queue: QueueName.Maintenance, job: 'audit-config-change' }],
  'user.created': [{ queue: QueueName.Maintenance, job: 'audit-user-created' }],
  'email.verification-requested': [{ queue: QueueName.Mail, job: 'send-verification-mail' }],
  'topic.created': [
    { queue: QueueName.Maintenance, job: 'project-topic-created', repair: true },
    { queue: QueueName.Points, job: 'topic-points' },
    { queue: QueueName.Feed, job: 'fan-out-topic' },
    { queue: QueueName.Notify, job: 'push-new-topic' },
    { queue: QueueName.Search, job: 'index-topic' },
  ],
  'comment.created': [
    { queue: QueueName.Maintenance, job: 'project-comment-created', repair: true },
    { queue: QueueName.Points, job: 'comment-points' },
    { queue: QueueName.Notify, job: 'notify-comment' },
  ],
  'like.created': [
    { queue: QueueName.Maintenance, job: 'project-like-created', repair: true },
    { queue: QueueName.Notify, job: 'notify-like' },
  ],
  'favorite.created': [
    { queue: QueueName.Maintenance, job: 'project-favorite-created', repair: true },
    { queue: QueueName.Notify, job: 'notify-favorite' },
  ],
  'article.created': [
    { queue: QueueName.Maintenance, job: 'project-article-created' },
    { queue: QueueName.Search, job: 'index-article' },
    { queue: QueueName.Notify, job: 'notify-article-mentions' },
  ],
  'entity.changed': [
    { queue: QueueName.Maintenance, job: 'project-changed' },
    { queue: QueueName.Search, job: 'index-changed' },
    { queue: QueueName.Notify, job: 'notify-changed-mentions' },
  ],
  'follow.created': [
    { queue: QueueName.Maintenance, job: 'project-follow-created', repair: true },
    { queue: QueueName.Feed, job: 'copy-followed-topics' },
  ],
  'follow.deleted': [
    { queue: QueueName.Maintenance, job: 'project-follow-deleted' },
    { queue: QueueName.Feed, job: 'remove-unfollowed-topics' },
  ],
  'topic.recommended': [{ queue: QueueName.Notify, job: 'notify-recommended' }],
  'topic.deleted': [
    { queue: QueueName.Feed, job: 'remove-deleted-topic' },
    { queue: QueueName.Notify, job: 'notify-topic-deleted' },
  ],
  'topic.restored': [{ queue: QueueName.Feed, job: 'fan-out-restored-topic' }],
  'content.deleted': [{ queue: QueueName.Notify, job: 'notify-content-deleted' }],
  'article.reviewed': [{ queue: QueueName.Notify, job: 'notify-article-reviewed' }],
  'user.mute-changed': [{ queue: QueueName.Notify, job: 'notify-mute-changed' }],
  'user.muted-permanently': [
    { queue: QueueName.Points, job: 'permanent-mute-points' },
    { queue: QueueName.Maintenance, job: 'remove-permanently-muted-content' },
  ],
  'report.handled': [{ queue: QueueName.Notify, job: 'notify-report-handled' }],
  'user.checked-in': [
    { queue: QueueName.Maintenance, job: 'project-check-in' },
    { queue: QueueName.Points, job: 'check-in-points' },
  ],
  'user.leveled-up': [{ queue: QueueName.Notify, job: 'notify-level-up' }],
} as const satisfies Record<EventType, readonly EventRoute[]>;

/** The queues and jobs that react to an event of `type`. */
export function routesOf(type: EventType): readonly EventRoute[] {
  return EventRoutes[type];
}

/** An event as recorded in a document's outbox and carried as job data. */
export interface DomainEvent<T extends EventType = EventType> {
  /** Unique id, also the BullMQ job id (no ':' allowed there). */
  id: string;
  type: T;
  payload: EventPayload<T>;
  createdAt: Date;
}

/** Job data of an event-driven job (dates travel as ISO strings through Redis). */
export const EventJobDataSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/),
  type: z.enum(EventTypes as [EventType, ...EventType[]]),
  payload: z.unknown(),
  createdAt: z.string(),
  /**
   * The document whose insert recorded the event, which keeps it in its outbox: set when the event
   * has no `pending_events` row, so the job reads the event from that document.
   */
  source: z.object({ model: z.string(), documentId: z.union([z.string(), z.number()]) }).optional(),
  /**
   * The writer's signature of the fields above (a key kept in MongoDB): a job whose signature checks
   * out runs on its own data; any other is checked against the recorded event first.
   */
  signature: z.string().max(100).optional(),
});
export type EventJobData = z.infer<typeof EventJobDataSchema>;
