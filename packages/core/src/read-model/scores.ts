/**
 * Points in the read model: every user's total in one sorted set (`rm:scores`, which is also the
 * rank) and each user's score log as a list. The score log in
 * MongoDB is the truth; a log row is counted into the total once (`rm:scores:applied`), so
 * projecting it again, from a job's retry or a rebuild, changes nothing.
 */
import { UserScoreLog, type UserScoreLogDoc } from '../points/model';
import { cacheDoc, defineEntityKind, readInOrder } from './entities';
import { placeInLists } from './membership';
import { BUMP_STAMP_LUA, stampKey, stampSeed } from './stamp';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';

export const scoreLists = {
  /** userId → total points. */
  totals: () => rmKey('scores'),
  applied: () => rmKey('scores', 'applied'),
  /** A score-log row's id → the user's total right after it was counted (levels compare both sides). */
  totalAfter: () => rmKey('scores', 'after'),
  /** A score-log key (`topic:12`) → the id of its row. */
  logIds: () => rmKey('scores', 'log-ids'),
  logs: (userId: number) => rmKey('scorelogs', userId),
};

export const scoreLogKind = defineEntityKind({
  name: 'score-log',
  model: UserScoreLog,
  hidden: [],
  counts: {},
});

/**
 * A total that changed bumps the stamp with it: answers and the counts a page read holds (see
 * `readEntities`) are kept while the stamp is unchanged, and a bump before this script (the log's
 * own projection) would leave them showing the old total.
 */
const COUNT_ONCE = `${BUMP_STAMP_LUA}
if redis.call('SADD', KEYS[1], ARGV[1]) == 1 then
  local total = redis.call('ZINCRBY', KEYS[2], ARGV[2], ARGV[3])
  redis.call('HSET', KEYS[4], ARGV[1], total)
  bumpStamp(KEYS[5], ARGV[5])
end
redis.call('HSET', KEYS[3], ARGV[4], ARGV[1])
return redis.call('HGET', KEYS[4], ARGV[1])
`;

/**
 * Caches a score-log row, lists it and counts it into the user's total once. Answers the user's
 * total right after this row was counted, the same on every later call for the row (null for a row
 * counted before totals were remembered).
 */
export async function projectScoreLog(log: UserScoreLogDoc): Promise<number | null> {
  await cacheDoc(scoreLogKind, log);
  await placeInLists(`score-log:${log._id}`, log._id, new Map([[scoreLists.logs(log.userId), log._id]]));
  const totalAfter = await rmRedis().eval(
    COUNT_ONCE,
    5,
    scoreLists.applied(),
    scoreLists.totals(),
    scoreLists.logIds(),
    scoreLists.totalAfter(),
    stampKey(),
    log._id,
    log.score,
    log.userId,
    log.key,
    stampSeed(),
  );
  return totalAfter === null ? null : Number(totalAfter);
}

/** The id of the score-log row with `key`, if the read model knows it. */
export async function scoreLogIdOf(key: string): Promise<number | null> {
  const id = await rmRedis().hget(scoreLists.logIds(), key);
  return id === null ? null : Number(id);
}

export function readScoreLogs(ids: readonly number[]): Promise<UserScoreLogDoc[]> {
  return readInOrder<UserScoreLogDoc>(scoreLogKind, ids);
}

defineRebuildSource<UserScoreLogDoc>({
  name: 'score logs',
  owner: 'score-log',
  model: UserScoreLog,
  project: async (log) => {
    await projectScoreLog(log);
  },
});
