/**
 * Output shape of a favourites page: our tRPC FavoriteItem, built on the page's entries (each
 * favourite with its target). Targets and authors are loaded with one query per type.
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
import { cursorPageOf } from '../cursor-page';

/** A favourite with what it points at: none once the target is deleted. */
export interface FavoriteEntry {
  favorite: FavoriteDoc;
  target: { title: string; summary: string; user: UserCard; url: string } | null;
}

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

/** The favourites of a page with their targets; targets and authors take one query per type. */
export async function favoriteEntries(favorites: FavoriteDoc[]): Promise<FavoriteEntry[]> {
  const render = await siteRenderOptions();
  const described = await describe(favorites, render);
  const baseUrl = render.baseUrl.replace(/\/+$/, '');
  return favorites.map((favorite) => {
    const subject = described.subjects.get(`${typeOf(favorite)}:${favorite.entityId}`);
    return {
      favorite,
      target: subject
        ? {
            title: subject.title,
            summary: subject.summary,
            user: presentUserCard(described.users.get(subject.userId), subject.userId),
            url: `${baseUrl}${subject.path}`,
          }
        : null,
    };
  });
}

export async function presentFavoritePage(page: FavoritePage): Promise<CursorPage<FavoriteItem>> {
  const entries = await favoriteEntries(page.favorites);
  return cursorPageOf(
    entries.map(({ favorite, target }) => ({
      id: favorite._id,
      entityType: typeOf(favorite),
      entityId: favorite.entityId,
      deleted: !target,
      title: target?.title ?? '',
      summary: target?.summary ?? '',
      user: target && { id: target.user.id, nickname: target.user.nickname, avatar: target.user.avatar },
      url: target?.url ?? '',
      createTime: favorite.createTime,
    })),
    page,
  );
}
