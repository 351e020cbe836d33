/**
 * `npm run reindex`: rebuilds the read model (Redis lists and cached entities) from MongoDB, the
 * truth, with a progress bar and a summary. It uses the same database and Redis as `npm start`: the
 * running site's while `npm start` runs (see running-site.ts), else the FerretDB in .data/, or
 * MONGO_URL / MONGO_DB / REDIS_URL / REDIS_PREFIX when set. A running site keeps serving; its lists
 * are complete again when the rebuild ends.
 */
import cliProgress from 'cli-progress';
import {
  connectDatabase,
  createRedis,
  disconnectDatabase,
  initKv,
  rebuildReadModel,
  withRebuildLock,
  type RebuildProgress,
} from '@forum/core';
import { dataDir } from './paths';
import { siteServices } from './running-site';
import { MissingServiceError, type Services } from './services';

let services: Services | undefined;
let code = 0;
try {
  const site = await siteServices(dataDir);
  services = site.services;
  await connectDatabase(services.mongoUrl, site.mongoDb);
  const redis = createRedis(services.redisUrl);
  initKv(redis, site.redisPrefix);

  const bars = new cliProgress.MultiBar(
    {
      format: ' {source} |{bar}| {value}/{total}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const bySource = new Map<string, cliProgress.SingleBar>();
  const seen = new Map<string, number>();
  const onProgress = ({ source, done, total }: RebuildProgress) => {
    let bar = bySource.get(source);
    if (!bar) {
      bar = bars.create(total, 0, { source: source.padEnd(10) });
      bySource.set(source, bar);
    }
    bar.setTotal(Math.max(total, done));
    bar.update(done);
    seen.set(source, done);
  };
  const started = Date.now();
  const ran = await withRebuildLock(() => rebuildReadModel(onProgress));
  bars.stop();
  await redis.quit();
  if (!ran) {
    console.error('another process is rebuilding the read model right now; try again when it is done');
    code = 1;
  } else {
    const rows = [...seen].map(([source, done]) => `${source} ${done}`).join(', ');
    console.log(`read model rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows}`);
  }
} catch (error) {
  console.error(error instanceof MissingServiceError || error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await disconnectDatabase().catch(() => undefined);
  await services?.stop();
}
process.exit(code);
