import type { Router } from 'express';
import express from 'express';
import { pingDatabase, pingRedis, type Redis } from '@forum/core';

/** Liveness says the process serves; readiness says its dependencies answer. */
export function healthRoutes(redis: Redis): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  router.get('/readyz', async (_req, res) => {
    const [mongo, redisOk] = await Promise.all([pingDatabase(), pingRedis(redis)]);
    res.status(mongo && redisOk ? 200 : 503).json({ mongo, redis: redisOk });
  });
  return router;
}
