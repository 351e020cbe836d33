/**
 * Following and unfollowing (docs/legacy-api.md §4.7). FerretDB has no transactions: the unique pair
 * index is the lock. followCount and fansCount are the sizes of the read model's follows and fans
 * lists, which hold one member per row, so concurrent and repeated calls leave them equal to the rows.
 */
import { Texts } from '@forum/contracts';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { updateWithEvents } from '../events/update-with-events';
import { newEvent } from '../events/outbox';
import { insertWithEvents } from '../events/insert-with-events';
import { followRowId, projectFollow, unprojectFollow } from '../read-model/follows';
import { hasBlocked } from '../read-model/blocks';
import { readUser } from '../read-model/users';
import type { RequestContext } from '../request-context';
import { FollowRemoval, FollowStatus, UserFollow } from './model';
import { signedIn } from '../policies';

function actorIdOf(ctx: RequestContext): number {
  return signedIn(ctx.actor)._id;
}

/**
 * Sets both rows of a pair to mutual (2) when both exist, else the remaining row to 1. Read after
 * the caller's own write, so the last of two crossing calls sees the other's row. With
 * `onlyIfWrong` (the repair jobs) a row whose status is right already is not written: the process
 * that wrote the pair may still be writing the row, and on FerretDB two writers of one document
 * can lose an update. With `insertedMine` (a follow that has just inserted its row as one-way) a
 * one-way pair writes nothing: the only row is that one, and it holds 1 already. Any process that
 * made it 2 meanwhile saw the other row, whose removal writes 1 again after it.
 */
export async function syncPairStatus(
  userId: number,
  otherId: number,
  { onlyIfWrong = false, insertedMine = false } = {},
): Promise<void> {
  const [mine, theirs] = await Promise.all([followRowId(userId, otherId), followRowId(otherId, userId)]);
  const status = mine && theirs ? FollowStatus.Mutual : FollowStatus.Following;
  if (insertedMine && status === FollowStatus.Following) return;
  for (const rowId of [mine, theirs]) {
    if (!rowId) continue;
    if (onlyIfWrong) {
      const row = await UserFollow.findById(rowId, { status: 1 }).lean<{ status: number }>();
      if (!row || row.status === status) continue;
    }
    await UserFollow.updateOne({ _id: rowId }, { $set: { status } });
  }
}

/**
 * The actor follows `otherId`. Following oneself or someone already followed is a silent no-op.
 * Returns true when a new follow was recorded.
 */
export async function followUser(ctx: RequestContext, otherId: number): Promise<boolean> {
  const userId = actorIdOf(ctx);
  if (userId === otherId) return false;
  // Asked together (one round trip), answered in this order.
  const [other, blocked, followed] = await Promise.all([
    readUser(otherId),
    hasBlocked(otherId, userId),
    followRowId(userId, otherId),
  ]);
  if (!other) throw new AppError('NOT_FOUND', Texts.users.missing);
  if (blocked) throw new AppError('FORBIDDEN', Texts.blocks.blockedByThem);
  if (followed) return false;
  const stored = await insertWithFreshId('user_follow', UserFollow, (followId) => {
    const row = { _id: followId, userId, otherId };
    const event = newEvent('follow.created', { followId, userId, otherId });
    return insertWithEvents(
      UserFollow,
      { ...row, status: FollowStatus.Following, createTime: Date.now() },
      [event],
      {
        project: async () => {
          await projectFollow(row);
          await syncPairStatus(userId, otherId, { insertedMine: true });
        },
        // A concurrent call recorded the same follow first (unique pair index): its row is there.
        existing: { filter: { userId, otherId }, answer: () => false },
      },
    );
  });
  return stored !== null;
}

/** The actor stops following `otherId`; a no-op when not following. Returns true when a row went. */
export async function unfollowUser(ctx: RequestContext, otherId: number): Promise<boolean> {
  const userId = actorIdOf(ctx);
  const rowId = await followRowId(userId, otherId);
  if (!rowId) return false;
  // Recorded before the row goes: a crash in between leaves an event whose job finds the follow
  // still there and does nothing (the feed jobs read the current follow state).
  const event = newEvent('follow.deleted', { userId, otherId, followId: rowId });
  let deletedCount = 0;
  const { dispatched } = await updateWithEvents(
    FollowRemoval,
    { _id: rowId },
    { $setOnInsert: { userId, otherId, createTime: Date.now() } },
    [event],
    {
      upsert: true,
      project: async () => {
        ({ deletedCount } = await UserFollow.deleteOne({ _id: rowId }));
        await unprojectFollow({ _id: rowId, userId, otherId });
      },
    },
  );
  // Once its event is on the queue the record has done its work; one left behind by a failed
  // dispatch waits for the sweeper.
  if (dispatched) await FollowRemoval.deleteOne({ _id: rowId });
  if (deletedCount !== 1) return false;
  await syncPairStatus(userId, otherId);
  return true;
}
