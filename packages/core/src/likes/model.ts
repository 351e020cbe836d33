import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/**
 * One row per "user liked this entity" (legacy `t_user_like`). The unique triple makes a repeated
 * or concurrent like fail on insert, so the like counter is raised once per row.
 */
const UserLikeSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    entityType: { type: String, required: true },
    entityId: { type: Number, required: true },
    createTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'user_likes' },
);
// Also answers "which of these did the viewer like?" ($in on entityId under the same prefix).
UserLikeSchema.index({ userId: 1, entityType: 1, entityId: 1 }, { unique: true });
// The newest likers of an entity.
UserLikeSchema.index({ entityType: 1, entityId: 1, _id: -1 });
UserLikeSchema.plugin(outboxPlugin);

export type UserLikeDoc = InferSchemaType<typeof UserLikeSchema> & { _id: number };
export const UserLike = mongoose.model('UserLike', UserLikeSchema);
registerOutboxModel(UserLike);
