import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { outboxField, outboxPlugin, registerOutboxModel } from '../events/outbox';

/**
 * One row per "user favourited this topic or article" (legacy `t_favorite`). bbs-go enforced
 * uniqueness in code; here the unique triple makes concurrent adds a no-op.
 */
const FavoriteSchema = new Schema(
  {
    _id: { type: Number, required: true },
    userId: { type: Number, required: true },
    entityType: { type: String, required: true },
    entityId: { type: Number, required: true },
    createTime: { type: Number, required: true },
    outbox: outboxField,
  },
  { versionKey: false, collection: 'favorites' },
);
FavoriteSchema.index({ userId: 1, entityType: 1, entityId: 1 }, { unique: true });
// A user's favourites, newest first.
FavoriteSchema.index({ userId: 1, _id: -1 });
FavoriteSchema.plugin(outboxPlugin);

export type FavoriteDoc = InferSchemaType<typeof FavoriteSchema> & { _id: number };
export const Favorite = mongoose.model('Favorite', FavoriteSchema);
registerOutboxModel(Favorite);
