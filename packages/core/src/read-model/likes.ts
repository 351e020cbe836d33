/**
 * Likes in the read model: the likers of each entity, newest first (member = user id, score = the
 * like row's id). Its size is the entity's like count; "did the viewer like it?" is one ZSCORE.
 */
import { UserLike, type UserLikeDoc } from '../likes/model';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';
import { execAll } from '../redis';

export const likerList = (entityType: string, entityId: number) => rmKey('likers', entityType, entityId);

/** Puts a like row in its entity's likers list. */
export async function projectLike(like: Pick<UserLikeDoc, '_id' | 'userId' | 'entityType' | 'entityId'>) {
  await placeInLists(
    `like:${like._id}`,
    like.userId,
    new Map([[likerList(like.entityType, like.entityId), like._id]]),
  );
}

/** Takes a deleted like row out of its list. */
export async function unprojectLike(like: Pick<UserLikeDoc, '_id' | 'userId'>) {
  await placeInLists(`like:${like._id}`, like.userId, new Map());
}

/** The ids among `entityIds` that `userId` liked: one pipelined ZSCORE each. */
export async function likedIn(
  userId: number,
  entityType: string,
  entityIds: readonly number[],
): Promise<Set<number>> {
  if (entityIds.length === 0) return new Set();
  const pipeline = rmRedis().pipeline();
  for (const id of entityIds) pipeline.zscore(likerList(entityType, id), String(userId));
  const scores = await execAll(pipeline);
  return new Set(entityIds.filter((_, index) => scores[index] !== null));
}

/** The newest likers' user ids. */
export async function newestLikers(entityType: string, entityId: number, limit: number): Promise<number[]> {
  return (await rmRedis().zrevrange(likerList(entityType, entityId), 0, limit - 1)).map(Number);
}

defineRebuildSource<UserLikeDoc>({
  name: 'likes',
  owner: 'like',
  model: UserLike,
  projection: { outbox: 0 },
  project: projectLike,
});

/** The id of the like row of (user, entity), or null. */
export async function likeIdOf(userId: number, entityType: string, entityId: number): Promise<number | null> {
  const score = await rmRedis().zscore(likerList(entityType, entityId), String(userId));
  return score === null ? null : Number(score);
}
