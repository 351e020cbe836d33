import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/** `status` of a follow row: 1 one-way, 2 mutual (both rows of the pair carry 2). */
export const FollowStatus = { Following: 1, Mutual: 2 } as const;
export type FollowStatus = (typeof FollowStatus)[keyof typeof FollowStatus];

/**
 * One row per "userId follows otherId" (legacy `t_user_follow`). The unique pair index makes a
 * repeated follow a no-op even under concurrent requests; the two `_id`-descending indexes back the
 * cursor pages of someone's fans and follows.
 */
const UserFollowSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    otherId: { type: Number, required: true },
    status: { type: Number, required: true, enum: Object.values(FollowStatus) },
    createTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'user_follows' },
);
UserFollowSchema.index({ userId: 1, otherId: 1 }, { unique: true });
UserFollowSchema.index({ otherId: 1, _id: -1 });
UserFollowSchema.index({ userId: 1, _id: -1 });
UserFollowSchema.plugin(outboxPlugin);

export type UserFollowRow = InferSchemaType<typeof UserFollowSchema> & { _id: number };
export const UserFollow = mongoose.model('UserFollow', UserFollowSchema);
registerOutboxModel(UserFollow);

/**
 * The record of an unfollow, `_id` = the removed follow row's id. A deleted row cannot carry the
 * `follow.deleted` event, so this document, inserted before the row is deleted, carries it.
 */
const FollowRemovalSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    otherId: { type: Number, required: true },
    createTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'user_follow_removals' },
);
FollowRemovalSchema.plugin(outboxPlugin);
export const FollowRemoval = mongoose.model('FollowRemoval', FollowRemovalSchema);
registerOutboxModel(FollowRemoval);
