import mongoose, { type InferSchemaType } from 'mongoose';
import { userEntitySchema } from '../db/user-entity-schema';
import { registerOutboxModel } from '../events/outbox';

/**
 * One row per "user favourited this topic or article" (legacy `t_favorite`). bbs-go enforced
 * uniqueness in code; here the unique triple makes concurrent adds a no-op.
 */
const FavoriteSchema = userEntitySchema('favorites');
// A user's favourites, newest first.
FavoriteSchema.index({ userId: 1, _id: -1 });

export type FavoriteDoc = InferSchemaType<typeof FavoriteSchema> & { _id: number };
export const Favorite = mongoose.model('Favorite', FavoriteSchema);
registerOutboxModel(Favorite);
