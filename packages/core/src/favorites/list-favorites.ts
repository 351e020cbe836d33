import { FAVORITE_PAGE_SIZE } from '@forum/contracts';
import { favoriteLists, readFavorites } from '../read-model/favorites';
import { pageDesc } from '../read-model/lists';
import type { FavoriteDoc } from './model';

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
  const page = await pageDesc(favoriteLists.user(userId), cursor, limit);
  return { favorites: await readFavorites(page.ids), cursor: page.cursor, hasMore: page.hasMore };
}
