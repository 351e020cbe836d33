/** Adding, removing and checking favourites (legacy-api.md §4.8): no counters, so no ordering concerns. */
import { FavoriteTargetSchema } from '@forum/contracts';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { dispatchRecorded } from '../events/bus';
import { isDuplicateKeyError } from '../events/jobs';
import { newEvent } from '../events/outbox';
import type { UserDoc } from '../users/model';
import { Favorite } from './model';
import { FAVORITE_MISSING_TEXT, favoriteTarget } from './targets';

/**
 * Favourites a shown topic or article; doing it again is a silent no-op. Returns whether a new
 * favourite was recorded.
 */
export async function addFavorite(
  user: UserDoc | null | undefined,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  if (!user) throw new AppError('NOT_SIGNED_IN');
  const parsed = FavoriteTargetSchema.safeParse({ entityType, entityId });
  if (!parsed.success) throw new AppError('INVALID_INPUT', '参数非法');
  const { entityType: type, entityId: id } = parsed.data;
  const target = favoriteTarget(type);
  if (!target || !(await target.exists(id))) throw new AppError('NOT_FOUND', FAVORITE_MISSING_TEXT[type]);
  if (await Favorite.exists({ userId: user._id, entityType: type, entityId: id })) return false;
  const favoriteId = await nextId('favorite');
  const event = newEvent('favorite.created', {
    favoriteId,
    entityType: type,
    entityId: id,
    userId: user._id,
  });
  try {
    await Favorite.create({
      _id: favoriteId,
      userId: user._id,
      entityType: type,
      entityId: id,
      createTime: Date.now(),
      outbox: [event],
    });
  } catch (error) {
    // A concurrent add of the same user won the unique index: the favourite exists.
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  await dispatchRecorded(Favorite as never, favoriteId, [event]);
  return true;
}

/** Removes a favourite if there is one (a hard delete, as bbs-go). Returns whether one was removed. */
export async function removeFavorite(
  user: UserDoc | null | undefined,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  if (!user) throw new AppError('NOT_SIGNED_IN');
  if (!entityType || !Number.isSafeInteger(entityId) || entityId <= 0) return false;
  const { deletedCount } = await Favorite.deleteOne({ userId: user._id, entityType, entityId });
  return deletedCount === 1;
}

/** Whether the user favourited the entity (false for visitors and blank input). */
export async function isFavorited(
  userId: number | null | undefined,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  if (!userId || !entityType || !Number.isSafeInteger(entityId) || entityId <= 0) return false;
  return !!(await Favorite.exists({ userId, entityType, entityId }));
}
