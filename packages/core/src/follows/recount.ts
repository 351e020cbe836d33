import { User } from '../users/model';
import { FollowStatus, UserFollow } from './model';

/**
 * Repair: recomputes a user's followCount and fansCount from the follow rows, and the mutual
 * status of every row touching them. Safe to run at any time (the maintenance queue's counter
 * repair calls it).
 */
export async function recountFollows(userId: number): Promise<{ followCount: number; fansCount: number }> {
  const [follows, fans] = await Promise.all([
    UserFollow.find({ userId }, { otherId: 1, status: 1 }).lean(),
    UserFollow.find({ otherId: userId }, { userId: 1, status: 1 }).lean(),
  ]);
  const fanIds = new Set(fans.map((row) => row.userId));
  const followIds = new Set(follows.map((row) => row.otherId));
  for (const row of follows) {
    const status = fanIds.has(row.otherId) ? FollowStatus.Mutual : FollowStatus.Following;
    if (row.status !== status) await UserFollow.updateOne({ _id: row._id }, { $set: { status } });
  }
  for (const row of fans) {
    const status = followIds.has(row.userId) ? FollowStatus.Mutual : FollowStatus.Following;
    if (row.status !== status) await UserFollow.updateOne({ _id: row._id }, { $set: { status } });
  }
  const counts = { followCount: follows.length, fansCount: fans.length };
  await User.updateOne({ _id: userId }, { $set: counts });
  return counts;
}
