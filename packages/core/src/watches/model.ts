import mongoose, { Schema, type InferSchemaType } from 'mongoose';

/** Why a member watches, or stopped watching, a topic. */
export type WatchReason = 'posted' | 'replied' | 'explicit';

/**
 * One member's watch state of one topic (关注此话题), `_id` = `<topicId>:<userId>`
 * (docs/events-and-jobs.md "Watched topics"). `watching: false` is an explicit unwatch, kept so
 * that a default watch (posting, commenting) never comes back after it. The API writes explicit
 * states (upsert); the worker only inserts default ones where no row exists, so no row is updated
 * by two processes at once.
 */
const TopicWatchSchema = new Schema(
  {
    _id: { type: String, required: true },
    topicId: { type: Number, required: true },
    userId: { type: Number, required: true },
    watching: { type: Boolean, required: true },
    reason: { type: String, required: true },
    createTime: { type: Number, required: true },
    updateTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'topic_watches' },
);
export type TopicWatchDoc = InferSchemaType<typeof TopicWatchSchema> & { _id: string; reason: WatchReason };
export const TopicWatch = mongoose.model('TopicWatch', TopicWatchSchema);

export const watchId = (topicId: number, userId: number) => `${topicId}:${userId}`;
