/**
 * `npm run reindex`: rebuilds the read model (Redis lists and cached entities) from MongoDB, the
 * truth, with a progress bar and a summary. It uses the same database and Redis as `npm start`: the
 * running site's while `npm start` runs (see running-site.ts), else the FerretDB in .data/, or
 * MONGO_URL / MONGO_DB / REDIS_URL / REDIS_PREFIX when set. A running site keeps serving; its lists
 * are complete again when the rebuild ends. Every id sequence is left at or past the largest id of
 * its collection (raised, never lowered).
 */
import {
  createRedis,
  initKv,
  raiseIdSequences,
  rebuildReadModel,
  withRebuildLock,
  type RebuildProgress,
} from '@forum/core';
import { progressBars, runSiteTool } from './site-tool';

await runSiteTool(async (site) => {
  const redis = createRedis(site.services.redisUrl);
  initKv(redis, site.redisPrefix);
  const bars = progressBars();
  const seen = new Map<string, number>();
  const onProgress = ({ source, done, total }: RebuildProgress) => {
    bars.update({ label: source, done, total });
    seen.set(source, done);
  };
  const started = Date.now();
  const ran = await withRebuildLock(() => rebuildReadModel(onProgress));
  // The rebuild raised them; without it (another process rebuilds) they are raised all the same.
  await raiseIdSequences();
  bars.stop();
  await redis.quit();
  if (!ran)
    throw new Error('another process is rebuilding the read model right now; try again when it is done');
  const rows = [...seen].map(([source, done]) => `${source} ${done}`).join(', ');
  console.log(`read model rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows}`);
});
