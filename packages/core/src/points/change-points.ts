/**
 * Points (legacy §4.1): what earns them, from `scoreConfig` at the moment of the event, written by
 * the `points` queue's jobs as score-log rows. A row's key names its source, so the same event
 * handled twice writes one row and counts once.
 */
import type { UserDoc } from '../users/model';
import { getSiteConfig } from '../config/site-config';
import { claimId } from '../db/counters';
import { isDuplicateKeyError } from '../events/jobs';
import { kv } from '../kv';
import { pageByNumber, topDesc } from '../read-model/lists';
import { projectScoreLog, readScoreLogs, scoreLists, scoreLogIdOf } from '../read-model/scores';
import { usersByIds } from '../users/users';
import { recordLevelUp } from './levels';
import { UserScoreLog, type UserScoreLogDoc } from './model';

export const SCORE_LOG_PAGE_SIZE = 20;
export const SCORE_RANK_SIZE = 10;

export interface PointsChange {
  userId: number;
  sourceType: 'topic' | 'comment' | 'checkIn' | 'user';
  sourceId: string | number;
  /** Distinguishes two changes of one source (a check-in's day). */
  key?: string;
  score: number;
  description: string;
}

/** The id a score-log key gets: the first caller allocates it, every later one reads it. */
async function logIdFor(key: string): Promise<number> {
  const known = await scoreLogIdOf(key);
  if (known !== null) return known;
  return claimId('user_score_log', key);
}

/** Writes one change of points and counts it; a second call for the same source does nothing new. */
export async function changePoints(change: PointsChange): Promise<UserScoreLogDoc | null> {
  if (!Number.isFinite(change.score) || change.score === 0) return null;
  const key = change.key ?? `${change.sourceType}:${change.sourceId}`;
  let id = await logIdFor(key);
  const row = {
    key,
    userId: change.userId,
    sourceType: change.sourceType,
    sourceId: String(change.sourceId),
    description: change.description,
    type: change.score > 0 ? 0 : 1,
    score: change.score,
    createTime: Date.now(),
  };
  try {
    await UserScoreLog.updateOne({ _id: id }, { $setOnInsert: row }, { upsert: true });
  } catch (error) {
    // Redis forgot the key's id: the row exists under another one (a job may scan for it).
    if (!isDuplicateKeyError(error)) throw error;
    id = (await UserScoreLog.findOne({ key }, { _id: 1 }).lean<{ _id: number }>())!._id;
  }
  const stored = (await UserScoreLog.findById(id).lean<UserScoreLogDoc>())!;
  const totalAfter = await projectScoreLog(stored);
  // The total around this row, not the current one: a retry or a concurrent change of the same
  // user compares the same two totals, so a threshold crossed here is seen here and only here.
  if (totalAfter !== null) await recordLevelUp(stored.userId, totalAfter - stored.score, totalAfter);
  return stored;
}

/** Points the config gives for `kind` now (missing or ≤ 0: none). */
export async function configuredPoints(kind: 'postTopicScore' | 'postCommentScore' | 'checkInScore') {
  const points = (await getSiteConfig()).scoreConfig[kind];
  return points > 0 ? points : 0;
}

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
    await kv().zadd(
      scoreLists.totals(),
      rows.reduce((total, row) => total + row.score, 0),
      String(userId),
    );
    fixed += 1;
  }
  return fixed;
}

/** A user's points now, as the read model counts them. */
export async function currentPoints(userId: number): Promise<number> {
  return Number((await kv().zscore(scoreLists.totals(), String(userId))) ?? 0);
}

/** Gives what the `scoreConfig` rule says now for `change` (nothing when it is missing or ≤ 0). */
export async function givePoints(
  rule: 'postTopicScore' | 'postCommentScore' | 'checkInScore',
  change: Omit<PointsChange, 'score'>,
): Promise<UserScoreLogDoc | null> {
  return changePoints({ ...change, score: await configuredPoints(rule) });
}

/** A user's score log, newest first, 20 a page. */
export async function listScoreLogs(user: UserDoc, page = 1) {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const { ids, total } = await pageByNumber(scoreLists.logs(user._id), safePage, SCORE_LOG_PAGE_SIZE);
  return {
    page: { page: safePage, limit: SCORE_LOG_PAGE_SIZE, total },
    results: await readScoreLogs(ids),
  };
}

/** The ten users with the most points. */
export async function scoreRank(): Promise<UserDoc[]> {
  const ids = await topDesc(scoreLists.totals(), SCORE_RANK_SIZE);
  const users = await usersByIds(ids);
  return ids.map((id) => users.get(id)).filter((user): user is UserDoc => Boolean(user));
}

/** A score-log row as legacy clients read it. */
export function legacyScoreLog(log: UserScoreLogDoc) {
  return {
    id: log._id,
    userId: log.userId,
    sourceType: log.sourceType,
    sourceId: log.sourceId,
    description: log.description,
    type: log.type,
    score: log.score,
    createTime: log.createTime,
  };
}
