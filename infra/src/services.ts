/**
 * The local service launcher used by `npm start` and `npm test`: it finds or starts a
 * MongoDB-compatible server and Redis, and hands back their URLs. What it started it stops. With
 * REDIS_CLUSTER_NODES set it starts no Redis: the services use that Redis Cluster.
 */
import { mkdirSync } from 'node:fs';
import { clusterAddress } from '@forum/core/redis-client';
import path from 'node:path';
import { dataDir } from './paths';
import { ensureFerretDb } from './ferretdb';
import { freePort, isListening, waitForPort } from './ports';
import { startChild, stopChild, which } from './process';
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Services {
  mongoUrl: string;
  /** A Redis address: `redis://…`, or `redis-cluster://…` (REDIS_CLUSTER_NODES). */
  redisUrl: string;
  meiliUrl: string | undefined;
  /**
   * Crashes a server this launcher started (SIGKILL) and starts it again on its port after `downMs`:
   * a Redis without persistence comes back empty, a database with what it had written. The crash
   * tests use it; a server it did not start cannot be restarted (nor can services found elsewhere).
   */
  restart?(service: 'mongo' | 'redis', downMs?: number): Promise<void>;
  /** Sends a signal to a server this launcher started (SIGSTOP stalls it, SIGCONT resumes it). */
  signal?(service: 'mongo' | 'redis', signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export class MissingServiceError extends Error {}

interface Options {
  /** Folder for the data of servers this launcher starts (FerretDB, mongod, redis). */
  dataDir?: string;
  /** Start a Redis of its own when redis-server is installed, even if one runs on 6379 (the bench). */
  privateRedis?: boolean;
  /**
   * Its own database and Redis (when redis-server is installed), whatever MONGO_URL and REDIS_URL
   * say: for tests that crash or stop them.
   */
  own?: boolean;
  log?: (line: string) => void;
}

export async function startServices(options: Options = {}): Promise<Services> {
  const log = options.log ?? ((line: string) => console.log(`[services] ${line}`));
  const root = options.dataDir ?? dataDir;
  const started: Started[] = [];
  const stopStarted = () => Promise.all(started.map((server) => stopChild(server.child)));
  const startedServer = (service: Started['service']) => {
    const server = started.find((entry) => entry.service === service);
    if (!server) throw new Error(`${service} was not started by the launcher: it cannot crash or stop it`);
    return server;
  };
  try {
    const own = options.own ?? false;
    const mongoUrl = await provideMongo(root, log, started, own);
    const redisUrl = await provideRedis(root, log, started, own || (options.privateRedis ?? false), own);
    const meiliUrl = process.env.MEILI_URL || undefined;
    if (meiliUrl) log(`Meilisearch: ${meiliUrl}`);
    return {
      mongoUrl,
      redisUrl,
      meiliUrl,
      restart: async (service, downMs = 0) => {
        const server = startedServer(service);
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        process.kill(-server.child.pid!, 'SIGKILL');
        await exited;
        await sleep(downMs);
        server.child = server.start();
        await waitForPort('127.0.0.1', server.port, 30_000);
      },
      signal: (service, signal) => {
        process.kill(-startedServer(service).child.pid!, signal);
      },
      stop: async () => {
        await stopStarted();
      },
    };
  } catch (error) {
    await stopStarted();
    throw error;
  }
}

/** A server this launcher started, and how to start it again. */
interface Started {
  service: 'mongo' | 'redis';
  port: number;
  child: ChildProcess;
  start: () => ChildProcess;
}

function startServer(
  started: Started[],
  service: Started['service'],
  port: number,
  start: () => ChildProcess,
) {
  started.push({ service, port, child: start(), start });
}

async function provideMongo(
  root: string,
  log: (l: string) => void,
  started: Started[],
  own: boolean,
): Promise<string> {
  if (process.env.MONGO_URL && !own) {
    log(`MongoDB: MONGO_URL`);
    return process.env.MONGO_URL;
  }
  const port = await freePort();
  const mongod = which('mongod');
  if (mongod) {
    const dbPath = path.join(root, 'mongod');
    mkdirSync(dbPath, { recursive: true });
    startServer(started, 'mongo', port, () =>
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
  startServer(started, 'mongo', port, () =>
    startChild(
      binary,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${dir}/?_pragma=synchronous(${sqliteSynchronous()})`,
        `--state-dir=${dir}`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=error',
      ],
      { name: 'ferretdb', stdio: ['ignore', 'ignore', 'inherit'] },
    ),
  );
  await waitForPort('127.0.0.1', port, 30_000);
  log(`MongoDB: FerretDB on 127.0.0.1:${port} (SQLite in ${path.relative(process.cwd(), dir) || dir})`);
  return `mongodb://127.0.0.1:${port}/forum`;
}

/**
 * `SQLITE_SYNCHRONOUS` (full or normal): how the embedded database's SQLite waits for the disk.
 * FerretDB runs it in WAL mode; `full` syncs the log at every commit, `normal` at checkpoints, so
 * a commit survives the process dying either way, and with `normal` the last commits before a
 * power cut or an operating-system crash may be lost (the database stays consistent). See
 * docs/operations.md, "The embedded database".
 */
export function sqliteSynchronous(): 'full' | 'normal' {
  return process.env.SQLITE_SYNCHRONOUS === 'normal' ? 'normal' : 'full';
}

async function provideRedis(
  root: string,
  log: (l: string) => void,
  started: Started[],
  privateRedis: boolean,
  own: boolean,
): Promise<string> {
  if (process.env.REDIS_CLUSTER_NODES && !own) {
    log(`Redis Cluster: ${process.env.REDIS_CLUSTER_NODES} (REDIS_CLUSTER_NODES)`);
    return clusterAddress(process.env.REDIS_CLUSTER_NODES);
  }
  if (process.env.REDIS_URL && !own) {
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
  startServer(started, 'redis', port, () =>
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
