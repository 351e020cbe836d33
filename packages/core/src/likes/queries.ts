import { USER_INFO_FIELDS } from '../users/presenters';
import { RECENT_LIKERS } from '@forum/contracts';
import { User, type UserDoc } from '../users/model';
import { UserLike } from './model';

/** Whether the user liked the entity (false for visitors). */
export async function isLiked(
  userId: number | null | undefined,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  if (!userId || !Number.isSafeInteger(entityId) || entityId <= 0) return false;
  return !!(await UserLike.exists({ userId, entityType, entityId }));
}

/** The ids among `entityIds` the user liked, with one query (for the `liked` flag of lists). */
export async function likedAmong(
  userId: number | null | undefined,
  entityType: string,
  entityIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(entityIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!userId || ids.length === 0) return new Set();
  const rows = await UserLike.find({ userId, entityType, entityId: { $in: ids } }, { entityId: 1 }).lean<
    { entityId: number }[]
  >();
  return new Set(rows.map((row) => row.entityId));
}

export interface RecentLiker {
  userId: number;
  /** Missing when the account no longer exists. */
  user: UserDoc | undefined;
}

/** The newest likers of an entity, newest first. */
export async function recentLikers(
  entityType: string,
  entityId: number,
  limit = RECENT_LIKERS,
): Promise<RecentLiker[]> {
  if (!Number.isSafeInteger(entityId) || entityId <= 0) return [];
  const rows = await UserLike.find({ entityType, entityId }, { userId: 1 })
    .sort({ _id: -1 })
    .limit(limit)
    .lean<{ userId: number }[]>();
  if (rows.length === 0) return [];
  const users = await User.find({ _id: { $in: rows.map((row) => row.userId) } }, USER_INFO_FIELDS).lean<
    UserDoc[]
  >();
  const byId = new Map(users.map((user) => [user._id, user]));
  return rows.map((row) => ({ userId: row.userId, user: byId.get(row.userId) }));
}
