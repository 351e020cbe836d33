/** Support for tests that read the read model or compare it with MongoDB. */
import { scanKeys, unlinkKeys, type Redis } from '../redis';
import type { CommentDoc } from '../comments/model';
import { kvKey } from '../kv';
import { readComment } from '../read-model/comments';
import { rebuildReadModel, withRebuildLock } from '../read-model/rebuild';
import { readTopic } from '../read-model/topics';

/** A sorted set as [member, score] pairs, highest score first, ties by member as Redis orders them. */
export async function readListPairs(redis: Redis, key: string): Promise<[number, number][]> {
  const flat = await redis.zrevrange(key, 0, -1, 'WITHSCORES');
  const pairs: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([Number(flat[i]), Number(flat[i + 1])]);
  return pairs;
}

/** The same pairs computed from rows, in the order `readListPairs` returns them. */
export function listPairsOf<Row>(
  rows: Row[],
  member: (row: Row) => number,
  score: (row: Row) => number,
): [number, number][] {
  return rows
    .map((row): [number, number] => [member(row), score(row)])
    .sort((a, b) => b[1] - a[1] || (String(a[0]) < String(b[0]) ? 1 : -1));
}

/** Empties this test file's Redis keys (rate limits, read model) but its ids, then rebuilds. */
export async function resetReadModel(redis: Redis, prefix: string): Promise<void> {
  for await (const keys of scanKeys(redis, `${prefix}*`)) {
    await unlinkKeys(
      redis,
      keys.filter((key) => !key.startsWith(kvKey('ids'))),
    );
  }
  await rebuildReadModel();
}

/**
 * Rebuilds the read model as a running process would, under the rebuild lock: a worker or API
 * that sees the read model missing mid-rebuild rebuilds it too, and two rebuilds at once empty each
 * other's lists. Waits for the lock when another process holds it.
 */
export async function rebuildLocked(): Promise<void> {
  while (!(await withRebuildLock(() => rebuildReadModel()))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A topic's counts as pages read them: sizes of its lists in the read model. */
export async function topicCounters(id: number): Promise<{ commentCount: number; likeCount: number }> {
  const topic = await readTopic(id);
  return { commentCount: topic!.commentCount, likeCount: topic!.likeCount };
}

/** A comment as pages read it, counts included. */
export async function commentOf(id: number): Promise<CommentDoc> {
  return (await readComment(id))!;
}
