import type { UserDoc } from '../users/model';
import { followedIn, followRowId } from '../read-model/follows';
import { pageDesc } from '../read-model/lists';
import { userLists } from '../read-model/users';
import { usersByIds } from '../users/users';

/** Does `userId` follow `otherId`? A visitor (null) follows nobody. */
export async function isFollowing(userId: number | null | undefined, otherId: number): Promise<boolean> {
  if (!userId || userId === otherId) return false;
  return !!(await followRowId(userId, otherId));
}

/** The subset of `ids` that `viewerId` follows, in one query. */
export async function followedAmong(
  viewerId: number | null | undefined,
  ids: number[],
): Promise<Set<number>> {
  if (!viewerId || ids.length === 0) return new Set();
  return followedIn(viewerId, ids);
}

export interface FollowPageEntry {
  /** The person listed; null when the account no longer exists. */
  user: UserDoc | null;
  userId: number;
  /** Whether the viewer follows this person. */
  followed: boolean;
}

export interface FollowPage {
  entries: FollowPageEntry[];
  /** The last follow-row id of this page, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

export const FOLLOW_PAGE_SIZE = 10;

interface PageQuery {
  /** Whose fans or follows. */
  userId: number;
  /** Last follow-row id of the previous page; 0 or less for the first page. */
  cursor?: number;
  /** Who is looking, to compute `followed`. */
  viewerId?: number | null;
  limit?: number;
}

async function followPage(
  side: 'fans' | 'follows',
  { userId, cursor = 0, viewerId = null, limit = FOLLOW_PAGE_SIZE }: PageQuery,
): Promise<FollowPage> {
  const page = await pageDesc(
    side === 'fans' ? userLists.fans(userId) : userLists.follows(userId),
    cursor,
    limit,
  );
  const personIds = page.ids;
  const [byId, followed] = await Promise.all([
    usersByIds(personIds),
    // Everyone in my own follows list is followed by me; no need to ask.
    side === 'follows' && viewerId === userId
      ? Promise.resolve(new Set(personIds))
      : followedAmong(viewerId, personIds),
  ]);
  return {
    entries: personIds.map((id) => ({ user: byId.get(id) ?? null, userId: id, followed: followed.has(id) })),
    cursor: page.cursor,
    hasMore: page.hasMore,
  };
}

/** People following `userId`, newest follow first. */
export function listFans(query: PageQuery): Promise<FollowPage> {
  return followPage('fans', query);
}

/** People `userId` follows, newest follow first. */
export function listFollows(query: PageQuery): Promise<FollowPage> {
  return followPage('follows', query);
}
