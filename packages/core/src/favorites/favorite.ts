/** Adding, removing and checking favourites (docs/legacy-api.md §4.8): no counters, so no ordering concerns. */
import { FavoriteTargetSchema, Texts } from '@forum/contracts';
import type { RequestContext } from '../request-context';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents } from '../events/insert-with-events';
import { newEvent } from '../events/outbox';
import { Favorite } from './model';
import { favoriteIdOf, projectFavorite, unprojectFavorite } from '../read-model/favorites';
import { FAVORITE_MISSING_TEXT, favoriteTarget } from './targets';
import { signedIn } from '../policies';

/**
 * Favourites a shown topic or article; doing it again is a silent no-op. Returns whether a new
 * favourite was recorded.
 */
export async function addFavorite(
  ctx: RequestContext,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  const user = signedIn(ctx.actor);
  const parsed = FavoriteTargetSchema.safeParse({ entityType, entityId });
  if (!parsed.success) throw new AppError('INVALID_INPUT', Texts.common.invalidParam);
  const { entityType: type, entityId: id } = parsed.data;
  const target = favoriteTarget(type);
  if (!target || !(await target.exists(id))) throw new AppError('NOT_FOUND', FAVORITE_MISSING_TEXT[type]);
  if (await favoriteIdOf(user._id, type, id)) return false;
  const stored = await insertWithFreshId('favorite', Favorite, (favoriteId) => {
    const event = newEvent('favorite.created', {
      favoriteId,
      entityType: type,
      entityId: id,
      userId: user._id,
    });
    const row = { _id: favoriteId, userId: user._id, entityType: type, entityId: id, createTime: Date.now() };
    return insertWithEvents(Favorite, row, [event], {
      project: () => projectFavorite(row),
      // A concurrent add of the same user won the unique index: its row is there.
      existing: { filter: { userId: user._id, entityType: type, entityId: id }, answer: () => false },
    });
  });
  return stored !== null;
}

/** Removes a favourite if there is one (a hard delete, as bbs-go). Returns whether one was removed. */
export async function removeFavorite(
  ctx: RequestContext,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  const user = signedIn(ctx.actor);
  if (!entityType || !Number.isSafeInteger(entityId) || entityId <= 0) return false;
  // The read model knows the row's id, so the delete is a lookup by _id.
  const favoriteId = await favoriteIdOf(user._id, entityType, entityId);
  if (!favoriteId) return false;
  const { deletedCount } = await Favorite.deleteOne({ _id: favoriteId });
  await unprojectFavorite({ _id: favoriteId, userId: user._id, entityType, entityId });
  return deletedCount === 1;
}

/** Whether the user favourited the entity (false for visitors and blank input). */
export async function isFavorited(
  userId: number | null | undefined,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  if (!userId || !entityType || !Number.isSafeInteger(entityId) || entityId <= 0) return false;
  return !!(await favoriteIdOf(userId, entityType, entityId));
}
