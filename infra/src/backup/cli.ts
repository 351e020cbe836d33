/**
 * `npm run backup [-- file]`: every collection and the uploads into `backups/forum-<UTC time>.jsonl.gz`
 * (or `file`). `npm run restore -- <file>`: loads a backup into an empty database, empties the
 * site's Redis keys (derived state of another database: read model, ids, sessions, queues) and
 * rebuilds the read model and search index. Both use the database and Redis `npm run reindex` uses;
 * uploads are UPLOAD_DIR (default `.data/uploads`), as the API's.
 */
import path from 'node:path';
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
import { dataDir, repoRoot } from '../paths';
import { findRunningSite, siteServices } from '../running-site';
import { MissingServiceError, type Services } from '../services';
import { readBackupHeader, restoreBackup, writeBackup, type BackupProgress } from './archive';

const uploadDir = path.resolve(process.env.UPLOAD_DIR ?? path.join(dataDir, 'uploads'));

function progressBars() {
  const bars = new cliProgress.MultiBar(
    {
      format: ' {step} |{bar}| {value}/{total}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 5000,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  const byStep = new Map<string, cliProgress.SingleBar>();
  const update = ({ step, done, total }: BackupProgress) => {
    let bar = byStep.get(step);
    if (!bar) {
      bar = bars.create(total, 0, { step: step.padEnd(22) });
      byStep.set(step, bar);
    }
    bar.setTotal(Math.max(total, done));
    bar.update(done);
  };
  return { update, stop: () => bars.stop() };
}

/** `forum-20261125T071500Z.jsonl.gz`: sorts by time, one per second at most. */
function backupFileName(now = new Date()): string {
  return `forum-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}.jsonl.gz`;
}

async function backup(target: string | undefined): Promise<void> {
  const site = await siteServices(dataDir);
  services = site.services;
  const mongoose = await connectDatabase(services.mongoUrl, site.mongoDb);
  const file = path.resolve(target ?? path.join(repoRoot, 'backups', backupFileName()));
  const bars = progressBars();
  const header = await writeBackup(mongoose.connection.db!, uploadDir, file, bars.update);
  bars.stop();
  const documents = header.collections.reduce((sum, { count }) => sum + count, 0);
  console.log(
    `backup written: ${file} (${header.collections.length} collections, ${documents} documents, ${header.files} files)`,
  );
}

async function restore(file: string | undefined): Promise<void> {
  if (!file) throw new Error('usage: npm run restore -- <backup file>');
  const header = await readBackupHeader(path.resolve(file));
  if (await findRunningSite(dataDir)) throw new Error('stop the running site (npm start) before restoring');
  const site = await siteServices(dataDir);
  services = site.services;
  const mongoose = await connectDatabase(services.mongoUrl, site.mongoDb);
  const bars = progressBars();
  await restoreBackup(mongoose.connection.db!, uploadDir, path.resolve(file), bars.update);
  const redis = createRedis(services.redisUrl);
  initKv(redis, site.redisPrefix);
  await forgetDerivedState(redis, site.redisPrefix);
  const rebuilt = await withRebuildLock(() =>
    rebuildReadModel(({ source, done, total }: RebuildProgress) =>
      bars.update({ step: `read model: ${source}`, done, total }),
    ),
  );
  bars.stop();
  await redis.quit();
  if (!rebuilt)
    throw new Error('another process is rebuilding the read model; run `npm run reindex` when it is done');
  console.log(
    `restored ${header.createdAt}'s backup: ${header.collections.length} collections, ${header.files} files; read model and search index rebuilt`,
  );
}

/**
 * Everything the site keeps in Redis is derived from a database: after a restore it describes
 * another one (a cached session could sign a token in as someone else). With no prefix, that is
 * the whole Redis database.
 */
async function forgetDerivedState(redis: ReturnType<typeof createRedis>, prefix: string): Promise<void> {
  const patterns = prefix ? [`${prefix}*`, `${prefix.replace(/:$/, '')}:*`] : ['*'];
  for (const pattern of new Set(patterns)) {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  }
}

let services: Services | undefined;
let code = 0;
try {
  const [command, file] = process.argv.slice(2);
  if (command === 'backup') await backup(file);
  else if (command === 'restore') await restore(file);
  else throw new Error('usage: tsx infra/src/backup/cli.ts backup|restore [file]');
} catch (error) {
  console.error(error instanceof MissingServiceError || error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await disconnectDatabase().catch(() => undefined);
  await services?.stop();
}
process.exit(code);
