/** Who liked what, read from the read model's likers lists. */
import { RECENT_LIKERS } from '@forum/contracts';
import { likedIn, newestLikers } from '../read-model/likes';
import { usersByIds } from '../users/users';
import type { UserDoc } from '../users/model';

/** Whether the user liked the entity (false for visitors). */
export async function isLiked(
  userId: number | null | undefined,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  if (!userId || !Number.isSafeInteger(entityId) || entityId <= 0) return false;
  return (await likedIn(userId, entityType, [entityId])).size > 0;
}

/** The ids among `entityIds` the user liked, in one round trip (for the `liked` flag of lists). */
export async function likedAmong(
  userId: number | null | undefined,
  entityType: string,
  entityIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(entityIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (!userId || ids.length === 0) return new Set();
  return likedIn(userId, entityType, ids);
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
  const userIds = await newestLikers(entityType, entityId, limit);
  if (userIds.length === 0) return [];
  const users = await usersByIds(userIds);
  return userIds.map((userId) => ({ userId, user: users.get(userId) }));
}
