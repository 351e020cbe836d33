/**
 * `npm run backup [-- file]`: every collection and the uploads into `backups/forum-<UTC time>.jsonl.gz`
 * (or `file`). `npm run restore -- <file>`: loads a backup into an empty database, empties the
 * site's Redis keys (derived state of another database: read model, ids, sessions, queues) and
 * rebuilds the read model and search index. Both use the database and Redis `npm run reindex` uses;
 * uploads are UPLOAD_DIR (default `.data/uploads`), as the API's.
 */
import path from 'node:path';
import {
  createRedis,
  scanKeys,
  unlinkKeys,
  initKv,
  raiseIdSequences,
  rebuildReadModel,
  withRebuildLock,
  type RebuildProgress,
} from '@forum/core';
import { dataDir, repoRoot } from '../paths';
import { findRunningSite, type SiteServices } from '../running-site';
import { progressBars, runSiteTool, type SiteTool } from '../site-tool';
import { readBackupHeader, restoreBackup, writeBackup, type BackupProgress } from './archive';

const uploadDir = path.resolve(process.env.UPLOAD_DIR ?? path.join(dataDir, 'uploads'));

/** `forum-20261125T071500Z.jsonl.gz`: sorts by time, one per second at most. */
function backupFileName(now = new Date()): string {
  return `forum-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}.jsonl.gz`;
}

const asBar = ({ step, done, total }: BackupProgress) => ({ label: step, done, total });

const backup =
  (target: string | undefined): SiteTool =>
  async (_site, mongoose) => {
    const file = path.resolve(target ?? path.join(repoRoot, 'backups', backupFileName()));
    const bars = progressBars();
    const header = await writeBackup(mongoose.connection.db!, uploadDir, file, (progress) =>
      bars.update(asBar(progress)),
    );
    bars.stop();
    const documents = header.collections.reduce((sum, { count }) => sum + count, 0);
    console.log(
      `backup written: ${file} (${header.collections.length} collections, ${documents} documents, ${header.files} files)`,
    );
  };

const restore =
  (file: string): SiteTool =>
  async (site, mongoose) => {
    const header = await readBackupHeader(file);
    const bars = progressBars();
    const redis = createRedis(site.services.redisUrl);
    initKv(redis, site.redisPrefix);
    // Checked before anything is written, so a refusal leaves the database empty.
    if (!site.redisPrefix && !process.argv.includes('--wipe-redis')) await forgetDerivedState(redis, site);
    await restoreBackup(mongoose.connection.db!, uploadDir, file, (progress) => bars.update(asBar(progress)));
    await forgetDerivedState(redis, site);
    const rebuilt = await withRebuildLock(() =>
      rebuildReadModel(({ source, done, total }: RebuildProgress) =>
        bars.update({ label: `read model: ${source}`, done, total }),
      ),
    );
    // The ids of the restored rows are never handed out again: every sequence starts past them.
    await raiseIdSequences();
    bars.stop();
    await redis.quit();
    if (!rebuilt)
      throw new Error('another process is rebuilding the read model; run `npm run reindex` when it is done');
    console.log(
      `restored the backup of ${header.createdAt}: ${header.collections.length} collections, ${header.files} files; read model and search index rebuilt`,
    );
  };

/**
 * Everything the site keeps in Redis is derived from a database: after a restore it describes
 * another one (a cached session could sign a token in as someone else). With no prefix, that is
 * the whole Redis database, emptied only when `--wipe-redis` says so (a shared Redis holds others').
 */
async function forgetDerivedState(redis: ReturnType<typeof createRedis>, site: SiteServices): Promise<void> {
  const prefix = site.redisPrefix;
  if (!prefix && !process.argv.includes('--wipe-redis')) {
    throw new Error(
      'REDIS_PREFIX is empty: add --wipe-redis to let the restore empty this whole Redis database',
    );
  }
  const patterns = prefix ? [`${prefix}*`, `${prefix.replace(/:$/, '')}:*`] : ['*'];
  for (const pattern of new Set(patterns)) {
    for await (const keys of scanKeys(redis, pattern)) await unlinkKeys(redis, keys);
  }
}

const [command, file] = process.argv.slice(2).filter((arg) => arg !== '--wipe-redis');
if (command === 'backup') await runSiteTool(backup(file));
if (command !== 'restore' || !file) {
  console.error('usage: npm run backup [-- file]  |  npm run restore -- <file>');
  process.exit(1);
}
if (await findRunningSite(dataDir)) {
  console.error('stop the running site (npm start) before restoring');
  process.exit(1);
}
await runSiteTool(restore(path.resolve(file)));
