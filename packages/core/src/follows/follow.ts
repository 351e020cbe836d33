/**
 * Following and unfollowing (legacy-api.md §4.7). FerretDB has no transactions, so the follow row
 * and the two counters are separate writes, ordered so that concurrent and repeated calls leave the
 * counters equal to the rows: a counter is raised before its row becomes visible and lowered only
 * after its row is gone. A crash between the writes is repaired by `recountFollows`.
 */
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import { User } from '../users/model';
import { FollowStatus, UserFollow } from './model';

async function bumpCounters(userId: number, otherId: number, delta: 1 | -1): Promise<void> {
  // Guarded so a counter never goes below 0; with the ordering above the guard only bites on
  // counters that had already drifted.
  const guard = (field: string) => (delta < 0 ? { [field]: { $gt: 0 } } : {});
  await User.updateOne({ _id: userId, ...guard('followCount') }, { $inc: { followCount: delta } });
  await User.updateOne({ _id: otherId, ...guard('fansCount') }, { $inc: { fansCount: delta } });
}

/**
 * Sets both rows of a pair to mutual (2) when both exist, else the remaining row to 1. Read after
 * the caller's own write, so the last of two crossing calls sees the other's row.
 */
async function syncPairStatus(userId: number, otherId: number): Promise<void> {
  const rows = await UserFollow.countDocuments({
    $or: [
      { userId, otherId },
      { userId: otherId, otherId: userId },
    ],
  });
  const status = rows === 2 ? FollowStatus.Mutual : FollowStatus.Following;
  await UserFollow.updateMany(
    {
      $or: [
        { userId, otherId },
        { userId: otherId, otherId: userId },
      ],
      status: { $ne: status },
    },
    { $set: { status } },
  );
}

/**
 * `userId` follows `otherId`. Following oneself or someone already followed is a silent no-op.
 * Returns true when a new follow was recorded.
 */
export async function followUser(userId: number, otherId: number): Promise<boolean> {
  if (userId === otherId) return false;
  if (!(await User.exists({ _id: otherId }))) throw new AppError('NOT_FOUND', '用户不存在');
  if (await UserFollow.exists({ userId, otherId })) return false;
  await bumpCounters(userId, otherId, 1);
  try {
    await UserFollow.create({
      _id: await nextId('user_follow'),
      userId,
      otherId,
      status: FollowStatus.Following,
      createTime: Date.now(),
    });
  } catch (error) {
    // A concurrent call recorded the same follow first (unique pair index): take our +1 back.
    await bumpCounters(userId, otherId, -1);
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
  await syncPairStatus(userId, otherId);
  return true;
}

/** `userId` stops following `otherId`; a no-op when not following. Returns true when a row went. */
export async function unfollowUser(userId: number, otherId: number): Promise<boolean> {
  const { deletedCount } = await UserFollow.deleteOne({ userId, otherId });
  if (deletedCount !== 1) return false;
  await bumpCounters(userId, otherId, -1);
  await syncPairStatus(userId, otherId);
  return true;
}
