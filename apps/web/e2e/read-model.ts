/**
 * Fixtures written straight to the database must reach the read model the site reads, as an
 * operator's `npm run reindex` would bring them. The test process also allocates ids from the
 * site's Redis sequences, so it must use the stack's Redis and prefix before writing anything.
 */
import { inject } from 'vitest';
import type * as CoreModule from '@forum/core';

export function useStackRedis(core: typeof CoreModule): () => Promise<void> {
  const redis = core.createRedis(inject('redisUrl'));
  core.initKv(redis, inject('redisPrefix'));
  return async () => {
    await redis.quit();
  };
}

/** Rebuilds the stack's read model from the database (waits while the API holds the lock). */
export async function rebuildStackReadModel(core: typeof CoreModule): Promise<void> {
  while (!(await core.withRebuildLock(() => core.rebuildReadModel()))) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
