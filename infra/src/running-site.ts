/**
 * While `npm start` (or `npm run dev`) runs, it records the services it uses in
 * `.data/running-site.json`, so `npm run demo` and `npm run reindex` work on the running site's
 * database and Redis instead of opening FerretDB's data folder a second time (two FerretDB
 * processes on one folder hang). A record left by a site that died is ignored.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redisAddressFromEnv } from '@forum/core/redis-client';
import { isListening } from './ports';
import { startServices, type Services } from './services';

export interface RunningSiteRecord {
  /** The `npm start` process. */
  pid: number;
  mongoUrl: string;
  mongoDb?: string;
  redisUrl: string;
  redisPrefix: string;
  /** Where the site answers, for the message that refuses a second start on the same folder. */
  url?: string;
  /** The address its processes render links with (`BASE_URL`), which the tools render with too. */
  baseUrl?: string;
}

/**
 * The Redis key prefix of the local site on `dataDir` when `REDIS_PREFIX` is not set: one per data
 * folder, so two sites on one machine (two checkouts, or `DATA_DIR`) sharing the Redis on 6379 never
 * share queues, the read model or sessions. Derived from the folder's real path, so it stays the same
 * from one start to the next.
 */
export function localSitePrefix(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const hash = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 10);
  return `site-${hash}:`;
}

/** `REDIS_PREFIX` when set (even empty: an operator's explicit choice), else the folder's own. */
export function siteRedisPrefix(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.REDIS_PREFIX ?? localSitePrefix(dataDir);
}

/**
 * Why a site cannot start on `dataDir` with these ports, or undefined when it can: another site
 * runs on the folder (two FerretDB processes on one folder hang, and they would share every key), or
 * a port is taken.
 */
export async function refusalToStart(
  dataDir: string,
  ports: Record<string, number>,
): Promise<string | undefined> {
  const running = await findRunningSite(dataDir);
  if (running) {
    return (
      `another site already runs on ${dataDir} (pid ${running.pid}${running.url ? `, ${running.url}` : ''}). ` +
      'Stop it, or start this one on another data folder: DATA_DIR=/path/to/folder PORT=… npm start'
    );
  }
  for (const [name, port] of Object.entries(ports)) {
    if (await isListening('127.0.0.1', port)) {
      return `port ${port} (${name}) is in use: choose free ports with PORT, API_PORT and WORKER_HEALTH_PORT`;
    }
  }
  return undefined;
}

export const recordFile = (dataDir: string) => path.join(dataDir, 'running-site.json');

export function recordRunningSite(dataDir: string, record: RunningSiteRecord): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(recordFile(dataDir), `${JSON.stringify(record, null, 2)}\n`);
}

/** Removes the record, if it is this process's own (a second `npm start` must not remove the first's). */
export function forgetRunningSite(dataDir: string, pid = process.pid): void {
  const record = readRecord(dataDir);
  if (record?.pid === pid) rmSync(recordFile(dataDir), { force: true });
}

function readRecord(dataDir: string): RunningSiteRecord | undefined {
  try {
    return JSON.parse(readFileSync(recordFile(dataDir), 'utf8')) as RunningSiteRecord;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Host and port of the first host of a mongodb:// or redis:// URL. */
function firstHost(url: string): { host: string; port: number } | undefined {
  const match = /^[a-z+]+:\/\/(?:[^@/]*@)?([^:/,?]+)(?::(\d+))?/.exec(url);
  if (!match) return undefined;
  const port = match[2] ? Number(match[2]) : url.startsWith('redis') ? 6379 : 27017;
  return { host: match[1]!, port };
}

/** The services of a site started by `npm start` that is still running, if there is one. */
export async function findRunningSite(dataDir: string): Promise<RunningSiteRecord | undefined> {
  const record = readRecord(dataDir);
  if (!record || !isAlive(record.pid)) return undefined;
  const mongo = firstHost(record.mongoUrl);
  if (!mongo || !(await isListening(mongo.host, mongo.port))) return undefined;
  return record;
}

export interface SiteServices {
  services: Services;
  mongoDb: string | undefined;
  redisPrefix: string;
  /**
   * The site's address, as its API renders Markdown with it: a rebuild by `npm run demo` or
   * `reindex` then stores topics rendered as the site would render them.
   */
  baseUrl: string;
}

/**
 * The database and Redis that `npm run demo` and `npm run reindex` work on: `MONGO_URL` when set;
 * else those of the site `npm start` is running; else services of their own on `dataDir`, as
 * `npm start` would start them. `MONGO_DB`, `REDIS_URL` (or `REDIS_CLUSTER_NODES`) and `REDIS_PREFIX`
 * override in every case.
 */
/**
 * The line an operator tool prints first: which site's data it works on. A tool run from another
 * folder than the running site's would otherwise fill a database nobody looks at, and say success.
 */
export function siteChoiceLine(
  dataDir: string,
  running: Pick<RunningSiteRecord, 'pid' | 'url' | 'mongoUrl'> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (env.MONGO_URL)
    return `[services] MONGO_URL is set: working on that database, not on a site's data folder`;
  if (running) {
    return `[services] the site started by npm start (pid ${running.pid}, ${running.url}): ${running.mongoUrl}`;
  }
  return (
    `[services] no site started by npm start runs on ${dataDir}: working on the database in that ` +
    `folder, which a site started there later will show. A site started from another folder keeps ` +
    `its own data: run this command in that checkout, or with DATA_DIR set to its folder.`
  );
}

export async function siteServices(dataDir: string): Promise<SiteServices> {
  const running = process.env.MONGO_URL ? undefined : await findRunningSite(dataDir);
  console.log(siteChoiceLine(dataDir, running));
  const baseUrl =
    process.env.BASE_URL ||
    running?.baseUrl ||
    running?.url ||
    `http://localhost:${process.env.PORT || 3000}`;
  if (!running) {
    return {
      services: await startServices({ dataDir }),
      mongoDb: process.env.MONGO_DB || undefined,
      redisPrefix: siteRedisPrefix(dataDir),
      baseUrl,
    };
  }
  return {
    services: {
      mongoUrl: running.mongoUrl,
      redisUrl: redisAddressFromEnv() || running.redisUrl,
      meiliUrl: process.env.MEILI_URL || undefined,
      // Nothing was started here; the site keeps its services.
      stop: async () => undefined,
    },
    mongoDb: process.env.MONGO_DB || running.mongoDb,
    redisPrefix: process.env.REDIS_PREFIX ?? running.redisPrefix,
    baseUrl,
  };
}
