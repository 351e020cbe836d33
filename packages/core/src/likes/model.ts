import mongoose, { type InferSchemaType } from 'mongoose';
import { userEntitySchema } from '../db/user-entity-schema';
import { registerOutboxModel } from '../events/outbox';

/** One row per "user liked this entity" (legacy `t_user_like`); one like per user and entity. */
const UserLikeSchema = userEntitySchema('user_likes');
// The newest likers of an entity.
UserLikeSchema.index({ entityType: 1, entityId: 1, _id: -1 });

export type UserLikeDoc = InferSchemaType<typeof UserLikeSchema> & { _id: number };
export const UserLike = mongoose.model('UserLike', UserLikeSchema);
registerOutboxModel(UserLike);
