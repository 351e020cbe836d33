import { FAVORITE_PAGE_SIZE } from '@forum/contracts';
import { Favorite, type FavoriteDoc } from './model';

export interface FavoritePage {
  favorites: FavoriteDoc[];
  /** The last item's id, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

/** A user's favourites, newest first; `cursor` is the last favourite id of the previous page. */
export async function listFavorites(
  userId: number,
  cursor = 0,
  limit = FAVORITE_PAGE_SIZE,
): Promise<FavoritePage> {
  const filter: Record<string, unknown> = { userId };
  if (cursor > 0) filter._id = { $lt: cursor };
  const favorites = await Favorite.find(filter, { outbox: 0 })
    .sort({ _id: -1 })
    .limit(limit)
    .lean<FavoriteDoc[]>();
  return { favorites, cursor: favorites.at(-1)?._id ?? cursor, hasMore: favorites.length >= limit };
}
