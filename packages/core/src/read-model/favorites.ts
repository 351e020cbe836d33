/**
 * Favourites in the read model: each user's favourites newest first (member and score = the row id,
 * the legacy cursor), the rows themselves by id, and per user a hash '<type>:<id>' → row id that
 * answers "favourited?" and finds the row to delete without a query.
 */
import { Favorite, type FavoriteDoc } from '../favorites/model';
import { cacheDoc, defineEntityKind, dropDoc, readInOrder } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';

export const favoriteLists = {
  user: (userId: number) => rmKey('favorites', userId),
};
const favoritedKey = (userId: number) => rmKey('favorited', userId);

export const favoriteKind = defineEntityKind({
  name: 'favorite',
  model: Favorite,
  hidden: ['outbox'],
  counts: {},
});

export async function projectFavorite(favorite: FavoriteDoc): Promise<void> {
  await cacheDoc(favoriteKind, favorite);
  await placeInLists(
    `favorite:${favorite._id}`,
    favorite._id,
    new Map([[favoriteLists.user(favorite.userId), favorite._id]]),
  );
  await rmRedis().hset(
    favoritedKey(favorite.userId),
    `${favorite.entityType}:${favorite.entityId}`,
    favorite._id,
  );
}

export async function unprojectFavorite(
  favorite: Pick<FavoriteDoc, '_id' | 'userId' | 'entityType' | 'entityId'>,
) {
  await placeInLists(`favorite:${favorite._id}`, favorite._id, new Map());
  await rmRedis().hdel(favoritedKey(favorite.userId), `${favorite.entityType}:${favorite.entityId}`);
  await dropDoc(favoriteKind, favorite._id);
}

/** The id of the user's favourite row of an entity, or null. */
export async function favoriteIdOf(
  userId: number,
  entityType: string,
  entityId: number,
): Promise<number | null> {
  const id = await rmRedis().hget(favoritedKey(userId), `${entityType}:${entityId}`);
  return id === null ? null : Number(id);
}

export function readFavorites(ids: readonly number[]): Promise<FavoriteDoc[]> {
  return readInOrder<FavoriteDoc>(favoriteKind, ids);
}

defineRebuildSource<FavoriteDoc>({
  name: 'favorites',
  owner: 'favorite',
  model: Favorite,
  projection: { outbox: 0 },
  project: projectFavorite,
});
