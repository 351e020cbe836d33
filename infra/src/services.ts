/**
 * The local service launcher used by `npm start` and `npm test`: it finds or starts a
 * MongoDB-compatible server and Redis, and hands back their URLs. What it started it stops.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './paths';
import { ensureFerretDb } from './ferretdb';
import { freePort, isListening, waitForPort } from './ports';
import { startChild, stopChild, which } from './process';
import type { ChildProcess } from 'node:child_process';

export interface Services {
  mongoUrl: string;
  redisUrl: string;
  meiliUrl: string | undefined;
  stop(): Promise<void>;
}

export class MissingServiceError extends Error {}

interface Options {
  /** Folder for the data of servers this launcher starts (FerretDB, mongod, redis). */
  dataDir?: string;
  /** Start a Redis of its own when redis-server is installed, even if one runs on 6379 (the bench). */
  privateRedis?: boolean;
  log?: (line: string) => void;
}

export async function startServices(options: Options = {}): Promise<Services> {
  const log = options.log ?? ((line: string) => console.log(`[services] ${line}`));
  const root = options.dataDir ?? dataDir;
  const started: ChildProcess[] = [];
  try {
    const mongoUrl = await provideMongo(root, log, started);
    const redisUrl = await provideRedis(root, log, started, options.privateRedis ?? false);
    const meiliUrl = process.env.MEILI_URL || undefined;
    if (meiliUrl) log(`Meilisearch: ${meiliUrl}`);
    return {
      mongoUrl,
      redisUrl,
      meiliUrl,
      stop: async () => {
        await Promise.all(started.map((child) => stopChild(child)));
      },
    };
  } catch (error) {
    await Promise.all(started.map((child) => stopChild(child)));
    throw error;
  }
}

async function provideMongo(
  root: string,
  log: (l: string) => void,
  started: ChildProcess[],
): Promise<string> {
  if (process.env.MONGO_URL) {
    log(`MongoDB: MONGO_URL`);
    return process.env.MONGO_URL;
  }
  const port = await freePort();
  const mongod = which('mongod');
  if (mongod) {
    const dbPath = path.join(root, 'mongod');
    mkdirSync(dbPath, { recursive: true });
    started.push(
      startChild(mongod, ['--dbpath', dbPath, '--bind_ip', '127.0.0.1', '--port', String(port), '--quiet'], {
        name: 'mongod',
        stdio: 'ignore',
      }),
    );
    await waitForPort('127.0.0.1', port, 30_000);
    log(`MongoDB: mongod on 127.0.0.1:${port}`);
    return `mongodb://127.0.0.1:${port}/forum`;
  }
  const binary = ensureFerretDb(log);
  const dir = path.join(root, 'ferretdb');
  mkdirSync(dir, { recursive: true });
  const child = startChild(
    binary,
    [
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      `--state-dir=${dir}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
    ],
    { name: 'ferretdb', stdio: ['ignore', 'ignore', 'inherit'] },
  );
  started.push(child);
  await waitForPort('127.0.0.1', port, 30_000);
  log(`MongoDB: FerretDB on 127.0.0.1:${port} (SQLite in ${path.relative(process.cwd(), dir) || dir})`);
  return `mongodb://127.0.0.1:${port}/forum`;
}

async function provideRedis(
  root: string,
  log: (l: string) => void,
  started: ChildProcess[],
  privateRedis: boolean,
): Promise<string> {
  if (process.env.REDIS_URL) {
    log('Redis: REDIS_URL');
    return process.env.REDIS_URL;
  }
  if (!(privateRedis && which('redis-server')) && (await isListening('127.0.0.1', 6379))) {
    log('Redis: 127.0.0.1:6379');
    return 'redis://127.0.0.1:6379';
  }
  const server = which('redis-server');
  if (!server) {
    throw new MissingServiceError(
      'Redis is missing: set REDIS_URL, run one on 127.0.0.1:6379, or install redis-server (apt-get install redis-server).',
    );
  }
  const port = await freePort();
  const dir = path.join(root, 'redis');
  mkdirSync(dir, { recursive: true });
  started.push(
    startChild(
      server,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { name: 'redis', stdio: 'ignore' },
    ),
  );
  await waitForPort('127.0.0.1', port, 10_000);
  log(`Redis: redis-server on 127.0.0.1:${port}`);
  return `redis://127.0.0.1:${port}`;
}
