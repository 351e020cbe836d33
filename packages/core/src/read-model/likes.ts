/**
 * Likes in the read model: the likers of each entity, newest first (member = user id, score = the
 * like row's id). Its size is the entity's like count; "did the viewer like it?" is one ZSCORE.
 */
import { UserLike, type UserLikeDoc } from '../likes/model';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmKeyOf, rmRedis, type SpreadKind } from './store';

/** An entity's likers, in the entity's slot (entity types are spread kinds: topic, article, comment). */
export const likerList = (entityType: string, entityId: number) =>
  rmKeyOf(entityType as SpreadKind, entityId, 'likers', entityType, entityId);

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

/** The ids among `entityIds` that `userId` liked: one ZSCORE each, issued together. */
export async function likedIn(
  userId: number,
  entityType: string,
  entityIds: readonly number[],
): Promise<Set<number>> {
  if (entityIds.length === 0) return new Set();
  // Each list lies in its entity's slot: commands issued together, not one pipeline across slots.
  const scores = await Promise.all(
    entityIds.map((id) => rmRedis().zscore(likerList(entityType, id), String(userId))),
  );
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
