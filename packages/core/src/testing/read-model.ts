/** Support for tests that compare the read model with MongoDB. */
import type { Redis } from 'ioredis';
import { kvKey } from '../kv';
import { rebuildReadModel, withRebuildLock } from '../read-model/rebuild';

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
  const keys = await redis.keys(`${prefix}*`);
  const doomed = keys.filter((key) => !key.startsWith(kvKey('ids')));
  if (doomed.length) await redis.del(...doomed);
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
