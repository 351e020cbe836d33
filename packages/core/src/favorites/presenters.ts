/**
 * Output shapes of a favourites page: the legacy FavoriteResponse (§1.1, with `entityId` filled,
 * Appendix A #8) and our tRPC FavoriteItem. Targets and authors are loaded with one query per type.
 */
import type { CursorPage, FavoriteEntityType, FavoriteItem } from '@forum/contracts';
import type { RenderOptions } from '../markdown';
import type { UserDoc } from '../users/model';
import { presentUserCard, type UserCard } from '../users/presenters';
import type { FavoritePage } from './list-favorites';
import type { FavoriteDoc } from './model';
import { favoriteTarget, type FavoriteSubject } from './targets';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import { cursorPageOf, type LegacyCursorPage } from '../cursor-page';

export interface LegacyFavorite {
  favoriteId: number;
  entityType: string;
  entityId: number;
  deleted: boolean;
  title: string;
  content: string;
  user: UserCard | null;
  url: string;
  createTime: number;
}

export type LegacyFavoritePage = LegacyCursorPage<LegacyFavorite>;

/** bbs-go read any type other than "article" as a topic. */
const typeOf = (favorite: FavoriteDoc): FavoriteEntityType =>
  favorite.entityType === 'article' ? 'article' : 'topic';

interface Described {
  subjects: Map<string, FavoriteSubject>;
  users: Map<number, UserDoc>;
}

async function describe(favorites: FavoriteDoc[], render: RenderOptions): Promise<Described> {
  const subjects = new Map<string, FavoriteSubject>();
  for (const type of ['topic', 'article'] as const) {
    const ids = favorites
      .filter((favorite) => typeOf(favorite) === type)
      .map((favorite) => favorite.entityId);
    const target = favoriteTarget(type);
    if (!ids.length || !target) continue;
    for (const [id, subject] of await target.describe(ids, render)) subjects.set(`${type}:${id}`, subject);
  }
  const users = await usersByIds([...subjects.values()].map((subject) => subject.userId));
  return { subjects, users };
}

function legacyFavorite(favorite: FavoriteDoc, described: Described, baseUrl: string): LegacyFavorite {
  const subject = described.subjects.get(`${typeOf(favorite)}:${favorite.entityId}`);
  const base = { favoriteId: favorite._id, entityType: favorite.entityType, entityId: favorite.entityId };
  if (!subject) {
    return {
      ...base,
      deleted: true,
      title: '',
      content: '',
      user: null,
      url: '',
      createTime: favorite.createTime,
    };
  }
  return {
    ...base,
    deleted: false,
    title: subject.title,
    content: subject.summary,
    user: presentUserCard(described.users.get(subject.userId), subject.userId),
    url: `${baseUrl.replace(/\/+$/, '')}${subject.path}`,
    createTime: favorite.createTime,
  };
}

export async function legacyFavoritePage(page: FavoritePage): Promise<LegacyFavoritePage> {
  const render = await siteRenderOptions();
  const described = await describe(page.favorites, render);
  return cursorPageOf(
    page.favorites.length
      ? page.favorites.map((favorite) => legacyFavorite(favorite, described, render.baseUrl))
      : null,
    page,
  );
}

export async function presentFavoritePage(page: FavoritePage): Promise<CursorPage<FavoriteItem>> {
  const legacy = await legacyFavoritePage(page);
  return {
    results: (legacy.results ?? []).map((favorite) => ({
      id: favorite.favoriteId,
      entityType: favorite.entityType === 'article' ? 'article' : 'topic',
      entityId: favorite.entityId,
      deleted: favorite.deleted,
      title: favorite.title,
      summary: favorite.content,
      user: favorite.user && {
        id: favorite.user.id,
        nickname: favorite.user.nickname,
        avatar: favorite.user.avatar,
      },
      url: favorite.url,
      createTime: favorite.createTime,
    })),
    cursor: legacy.cursor,
    hasMore: legacy.hasMore,
  };
}
