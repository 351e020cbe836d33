import type { Router } from 'express';
import express from 'express';
import { isReadModelReady, pingDatabase, pingRedis, rebuildProgress, type Redis } from '@forum/core';

/** Liveness says the process serves; readiness says its dependencies answer. */
export function healthRoutes(redis: Redis): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/readyz', async (_req, res) => {
    const [mongo, redisOk] = await Promise.all([pingDatabase(), pingRedis(redis)]);
    const readModel = redisOk && (await isReadModelReady().catch(() => false));
    const rebuilding = redisOk && !readModel ? await rebuildProgress().catch(() => null) : null;
    res.status(mongo && redisOk && readModel ? 200 : 503).json({
      mongo,
      redis: redisOk,
      readModel: readModel ? 'ready' : rebuilding ? { rebuilding } : 'missing',
    });
  });
  return router;
}
