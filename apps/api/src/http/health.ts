import type { IRouter } from 'express';
import { pingDatabase, pingRedis, readModelReadiness, type Redis } from '@forum/core';

/**
 * Liveness says the process serves; readiness says its dependencies answer and the read model is
 * whole: `readModel` is 'ready', `{ rebuilding: { source, done, total } }` while one is rebuilt,
 * 'missing', or 'newer' (written by a newer release: this one must not serve from it).
 */
export function healthRoutes(router: IRouter, redis: Redis): void {
  router.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/readyz', async (_req, res) => {
    const [mongo, redisOk] = await Promise.all([pingDatabase(), pingRedis(redis)]);
    const readModel = redisOk ? await readModelReadiness().catch(() => 'missing' as const) : 'missing';
    res
      .status(mongo && redisOk && readModel === 'ready' ? 200 : 503)
      .set('cache-control', 'no-store')
      .json({ mongo, redis: redisOk, readModel });
  });
}
