/**
 * Points (docs/legacy-api.md §4.1): what earns them, from `scoreConfig` at the moment of the event, written by
 * the `points` queue's jobs as score-log rows. A row's key names its source, so the same event
 * handled twice writes one row and counts once.
 */
import { getSiteConfig } from '../config/site-config';
import { claimId, dropClaim, raiseIdSequence } from '../db/counters';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { insertUnlessTaken } from '../db/grouped-insert';
import { projectScoreLog, scoreLogIdOf } from '../read-model/scores';
import { recordLevelUp } from './levels';
import { UserScoreLog, type UserScoreLogDoc } from './model';

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

/** How often a score-log id found taken by another key's row is replaced by a fresh one. */
const ID_ATTEMPTS = 5;

/** Writes one change of points and counts it; a second call for the same source does nothing new. */
export async function changePoints(change: PointsChange): Promise<UserScoreLogDoc | null> {
  if (!Number.isFinite(change.score) || change.score === 0) return null;
  const key = change.key ?? `${change.sourceType}:${change.sourceId}`;
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
  let stored: UserScoreLogDoc | null = null;
  for (let attempt = 1; !stored; attempt++) {
    let id = await logIdFor(key);
    let inserted = false;
    try {
      // Stored with the rows other jobs store meanwhile, in one command (`insertUnlessTaken`).
      inserted = await insertUnlessTaken(UserScoreLog.collection, id, row);
    } catch (error) {
      // Redis forgot the key's id: the row exists under another one (a job may scan for it).
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await UserScoreLog.findOne({ key }, { _id: 1 }).lean<{ _id: number }>();
      if (!existing) throw error;
      id = existing._id;
    }
    // The row this call inserted is `row`; one found there was written before (by this key or not).
    stored = inserted ? { _id: id, ...row } : await UserScoreLog.findById(id).lean<UserScoreLogDoc>();
    if (stored?.key === key) break;
    // The id is another row's (the sequence was behind its collection): a fresh id, past them all.
    if (attempt >= ID_ATTEMPTS) throw new Error(`score-log id ${id} for ${key} is taken by another row`);
    stored = null;
    await dropClaim('user_score_log', key, id);
    await raiseIdSequence('user_score_log');
  }
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

/** Gives what the `scoreConfig` rule says now for `change` (nothing when it is missing or ≤ 0). */
export async function givePoints(
  rule: 'postTopicScore' | 'postCommentScore' | 'checkInScore',
  change: Omit<PointsChange, 'score'>,
): Promise<UserScoreLogDoc | null> {
  return changePoints({ ...change, score: await configuredPoints(rule) });
}
