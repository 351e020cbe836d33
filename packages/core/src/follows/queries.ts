import { USER_INFO_FIELDS } from '../users/presenters';
import type { UserDoc } from '../users/model';
import { User } from '../users/model';
import { UserFollow } from './model';

/** Does `userId` follow `otherId`? A visitor (null) follows nobody. */
export async function isFollowing(userId: number | null | undefined, otherId: number): Promise<boolean> {
  if (!userId || userId === otherId) return false;
  return !!(await UserFollow.exists({ userId, otherId }));
}

/** The subset of `ids` that `viewerId` follows, in one query. */
export async function followedAmong(
  viewerId: number | null | undefined,
  ids: number[],
): Promise<Set<number>> {
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await UserFollow.find({ userId: viewerId, otherId: { $in: ids } }, { otherId: 1 }).lean();
  return new Set(rows.map((row) => row.otherId));
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
  const own = side === 'fans' ? { otherId: userId } : { userId };
  const rows = await UserFollow.find({ ...own, ...(cursor > 0 ? { _id: { $lt: cursor } } : {}) })
    .sort({ _id: -1 })
    .limit(limit)
    .lean();
  const personIds = rows.map((row) => (side === 'fans' ? row.userId : row.otherId));
  const [users, followed] = await Promise.all([
    personIds.length
      ? User.find({ _id: { $in: personIds } }, USER_INFO_FIELDS).lean<UserDoc[]>()
      : Promise.resolve([]),
    // Everyone in my own follows list is followed by me; no need to ask.
    side === 'follows' && viewerId === userId
      ? Promise.resolve(new Set(personIds))
      : followedAmong(viewerId, personIds),
  ]);
  const byId = new Map(users.map((user) => [user._id, user]));
  return {
    entries: personIds.map((id) => ({ user: byId.get(id) ?? null, userId: id, followed: followed.has(id) })),
    cursor: rows.length ? rows[rows.length - 1]!._id : cursor,
    hasMore: rows.length >= limit,
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
