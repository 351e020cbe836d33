/**
 * Follows in the read model: whom each user follows and who follows them, newest follow first
 * (member = the other person's id, score = the follow row's id, the legacy cursor). The sizes of the
 * two lists are the user's followCount and fansCount.
 */
import { UserFollow, type UserFollowRow } from '../follows/model';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmRedis } from './store';
import { userLists } from './users';
import { execAll } from '../redis';

type FollowRow = Pick<UserFollowRow, '_id' | 'userId' | 'otherId'>;

/** Puts a follow row in the follower's follows list and the followee's fans list. */
export async function projectFollow(row: FollowRow): Promise<void> {
  // Two placements of their own (one owner key each), sent in one round trip.
  await Promise.all([
    placeInLists(
      `follow:${row._id}:follows`,
      row.otherId,
      new Map([[userLists.follows(row.userId), row._id]]),
    ),
    placeInLists(`follow:${row._id}:fans`, row.userId, new Map([[userLists.fans(row.otherId), row._id]])),
  ]);
}

export async function unprojectFollow(row: FollowRow): Promise<void> {
  await Promise.all([
    placeInLists(`follow:${row._id}:follows`, row.otherId, new Map()),
    placeInLists(`follow:${row._id}:fans`, row.userId, new Map()),
  ]);
}

/** The id of the row "userId follows otherId", or null. */
export async function followRowId(userId: number, otherId: number): Promise<number | null> {
  const score = await rmRedis().zscore(userLists.follows(userId), String(otherId));
  return score === null ? null : Number(score);
}

/** The subset of `ids` that `userId` follows, in one round trip. */
export async function followedIn(userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const pipeline = rmRedis().pipeline();
  for (const id of ids) pipeline.zscore(userLists.follows(userId), String(id));
  const scores = await execAll(pipeline);
  return new Set(ids.filter((_, index) => scores[index] !== null));
}

defineRebuildSource<UserFollowRow>({
  name: 'follows',
  owner: 'follow',
  model: UserFollow,
  project: projectFollow,
});
