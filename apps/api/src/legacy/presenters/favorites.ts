/**
 * The bbs-go wire shape of a favourites page: a cursor page of FavoriteResponse (docs/legacy-api.md
 * §1.1, with `entityId` filled, Appendix A #8), built on core's favourite entries.
 */
import { favoriteEntries, type FavoritePage, type FavoriteRow } from '@forum/core';
import { legacyCursorPage, type LegacyCursorPage } from './cursor-page';
import type { LegacyUserInfo } from './users';

export interface LegacyFavorite {
  favoriteId: number;
  entityType: string;
  entityId: number;
  deleted: boolean;
  title: string;
  content: string;
  user: LegacyUserInfo | null;
  url: string;
  createTime: number;
}

export type LegacyFavoritePage = LegacyCursorPage<LegacyFavorite>;

export async function legacyFavoritePage(page: FavoritePage): Promise<LegacyFavoritePage> {
  const entries = await favoriteEntries(page.favorites);
  return legacyCursorPage(
    entries.map(({ favorite, target }) => ({
      favoriteId: favorite._id,
      entityType: favorite.entityType,
      entityId: favorite.entityId,
      deleted: !target,
      title: target?.title ?? '',
      content: target?.summary ?? '',
      user: target?.user ?? null,
      url: target?.url ?? '',
      createTime: favorite.createTime,
    })),
    page,
  );
}

/** The raw `t_favorite` row of the admin API, key for key as core's favourite row. */
export function legacyFavoriteRow(row: FavoriteRow) {
  return {
    id: row.id,
    userId: row.userId,
    entityType: row.entityType,
    entityId: row.entityId,
    createTime: row.createTime,
  };
}
