import { kv } from '../kv';
import { scoreLists } from '../read-model/scores';
import { bumpStampIn } from '../read-model/stamp';
import { execAll } from '../redis';
import { UserScoreLog } from './model';

/**
 * Sets every user's total to the sum of their score-log rows, the truth, where the read model
 * drifted from it. A user whose total moved while the sums were read is summed again on its own.
 */
export async function recountScores(): Promise<number> {
  const sums = new Map<number, number>();
  const cursor = UserScoreLog.find({}, { userId: 1, score: 1 }).lean().cursor();
  for await (const row of cursor as AsyncIterable<{ userId: number; score: number }>) {
    sums.set(row.userId, (sums.get(row.userId) ?? 0) + row.score);
  }
  const counted = await kv().zrevrange(scoreLists.totals(), 0, -1, 'WITHSCORES');
  for (let i = 0; i < counted.length; i += 2) {
    const userId = Number(counted[i]);
    if (!sums.has(userId)) sums.set(userId, 0);
  }
  let fixed = 0;
  for (const [userId, sum] of sums) {
    if ((await currentPoints(userId)) === sum) continue;
    const rows = await UserScoreLog.find({ userId }, { score: 1 }).lean<{ score: number }[]>();
    // With a bump of the stamp, as every change of a count (see `readEntities`).
    await execAll(
      bumpStampIn(
        kv()
          .multi()
          .zadd(
            scoreLists.totals(),
            rows.reduce((total, row) => total + row.score, 0),
            String(userId),
          ),
      ),
    );
    fixed += 1;
  }
  return fixed;
}

/** A user's points now, as the read model counts them. */
export async function currentPoints(userId: number): Promise<number> {
  return Number((await kv().zscore(scoreLists.totals(), String(userId))) ?? 0);
}
