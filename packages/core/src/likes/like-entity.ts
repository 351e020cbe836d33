/**
 * Likes (docs/legacy-api.md §4.8). FerretDB has no transactions: the unique (user, type, id) row is the
 * lock. The like count is the size of the entity's likers list in the read model, which holds one
 * member per row, so repeated and concurrent calls leave the count equal to the rows.
 */
import { LikeTargetSchema, Texts, type LikeEntityType } from '@forum/contracts';
import type { RequestContext } from '../request-context';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents } from '../events/insert-with-events';
import { newEvent } from '../events/outbox';
import { assertCanPost } from '../policies';
import { UserLike } from './model';
import { likedIn, likeIdOf, projectLike, unprojectLike } from '../read-model/likes';
import { likeTarget, type LikeTarget } from './targets';
import { signedIn } from '../policies';

function targetOf(
  entityType: string,
  entityId: number,
): { type: LikeEntityType; id: number; target: LikeTarget } {
  const parsed = LikeTargetSchema.safeParse({ entityType, entityId });
  const target = parsed.success ? likeTarget(parsed.data.entityType) : undefined;
  if (!parsed.success || !target) throw new AppError('INVALID_INPUT', Texts.common.invalidParam);
  return { type: parsed.data.entityType, id: parsed.data.entityId, target };
}

/** The actor likes a shown topic, article or comment; a second like answers "已点赞". */
export async function likeEntity(ctx: RequestContext, entityType: string, entityId: number): Promise<void> {
  const user = await assertCanPost(ctx.actor);
  const { type, id, target } = targetOf(entityType, entityId);
  if (!(await target.exists(id))) throw new AppError('NOT_FOUND', target.missingMessage);
  if ((await likedIn(user._id, type, [id])).size > 0) throw new AppError('CONFLICT', Texts.likes.already);
  await insertWithFreshId('user_like', UserLike, async (likeId) => {
    const event = newEvent('like.created', { likeId, entityType: type, entityId: id, userId: user._id });
    const like = { _id: likeId, userId: user._id, entityType: type, entityId: id };
    await insertWithEvents(UserLike, { ...like, createTime: Date.now() }, [event], {
      project: () => projectLike(like),
      // A concurrent like of the same user won the unique index: its row is there.
      existing: {
        filter: { userId: user._id, entityType: type, entityId: id },
        answer: () => {
          throw new AppError('CONFLICT', Texts.likes.already);
        },
      },
    });
  });
}

/** Takes a like back; a no-op when there was none. Returns whether a like was removed. */
export async function unlikeEntity(
  ctx: RequestContext,
  entityType: string,
  entityId: number,
): Promise<boolean> {
  const user = signedIn(ctx.actor);
  const { type, id } = targetOf(entityType, entityId);
  // The likers list knows the row's id, so the delete is a lookup by _id.
  const likeId = await likeIdOf(user._id, type, id);
  if (!likeId) return false;
  const { deletedCount } = await UserLike.deleteOne({ _id: likeId });
  await unprojectLike({ _id: likeId, userId: user._id });
  return deletedCount === 1;
}
