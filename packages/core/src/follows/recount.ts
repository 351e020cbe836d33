import { projectFollow } from '../read-model/follows';
import { FollowStatus, UserFollow } from './model';

/**
 * Repair: puts every follow row touching a user back in the read model's lists (whose sizes are the
 * user's followCount and fansCount) and recomputes the mutual status of those rows. Reads rows by
 * filter, so it belongs to repairs, never to a request. Safe to run at any time.
 */
export async function recountFollows(userId: number): Promise<{ followCount: number; fansCount: number }> {
  const [follows, fans] = await Promise.all([
    UserFollow.find({ userId }, { userId: 1, otherId: 1, status: 1 }).lean(),
    UserFollow.find({ otherId: userId }, { userId: 1, otherId: 1, status: 1 }).lean(),
  ]);
  const fanIds = new Set(fans.map((row) => row.userId));
  const followIds = new Set(follows.map((row) => row.otherId));
  for (const row of follows) {
    const status = fanIds.has(row.otherId) ? FollowStatus.Mutual : FollowStatus.Following;
    if (row.status !== status) await UserFollow.updateOne({ _id: row._id }, { $set: { status } });
    await projectFollow(row);
  }
  for (const row of fans) {
    const status = followIds.has(row.userId) ? FollowStatus.Mutual : FollowStatus.Following;
    if (row.status !== status) await UserFollow.updateOne({ _id: row._id }, { $set: { status } });
    await projectFollow(row);
  }
  return { followCount: follows.length, fansCount: fans.length };
}
