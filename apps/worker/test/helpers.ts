/**
 * Test helpers for the worker: a config pointing at this file's database and prefix, polling, and
 * running a fixture that is expected to die.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { QueueNames, type QueueName } from '@forum/contracts';
import type { TestServices } from '@forum/core/testing';
import { afterAll, beforeAll } from 'vitest';
import {
  closeEventBus,
  createRedis,
  ensureDefaultNode,
  initEventBus,
  initKv,
  rebuildReadModel,
  seedSiteConfig,
  type Redis,
} from '@forum/core';
import type { WorkerConfig } from '../src/config';
import { startWorker, type RunningWorker } from '../src/worker';

export function workerConfigFor(services: TestServices, overrides: Partial<WorkerConfig> = {}): WorkerConfig {
  return {
    mongoUrl: services.mongoUrl,
    mongoDb: services.dbName,
    redisUrl: services.redisUrl,
    redisPrefix: services.prefix,
    queues: [...QueueNames],
    concurrency: Object.fromEntries(QueueNames.map((queue) => [queue, 4])) as Record<QueueName, number>,
    healthPort: 0,
    logLevel: 'silent',
    mail: { baseUrl: 'http://forum.test' },
    ...overrides,
  };
}

export { waitFor } from '@forum/core/testing';

/** Environment for a worker child process using this file's database and prefix. */
export function childEnv(services: TestServices, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    MONGO_URL: services.mongoUrl,
    MONGO_DB: services.dbName,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: services.prefix,
    LOG_LEVEL: 'info',
    ...extra,
  };
}

const workerRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Runs the fixture script `test/<fixture>` on this file's database and prefix, with `env` added,
 * until it exits; it is expected to be killed (SIGKILL) by itself.
 */
export function runToDeath(services: TestServices, fixture: string, env: Record<string, string>) {
  const script = fileURLToPath(new URL(fixture, import.meta.url));
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve, reject) => {
      // Node itself (with tsx as a loader) so the signal that killed it is visible here.
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: workerRoot,
        env: childEnv(services, env),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
    },
  );
}

export interface Forum {
  /** The Redis client the file's services (read model, ids) use. */
  redis: Redis;
  /** The worker running in this process, if one is. */
  worker: RunningWorker | undefined;
  /** Starts a worker consuming `queues` (the queues of production when not given). */
  startWorker(queues?: QueueName[]): Promise<RunningWorker>;
  /** Stops the worker; the file's services go on with their own Redis client. */
  stopWorker(): Promise<void>;
}

/**
 * A forum on this file's database and prefix: Redis and the event bus wired, the site config and
 * default node seeded, the read model built; its worker, if started, and all else closed after the
 * file.
 */
export function useForum(services: TestServices): Forum {
  const forum: Forum = {
    redis: undefined as unknown as Redis,
    worker: undefined,
    async startWorker(queues) {
      await forum.stopWorker();
      forum.worker = await startWorker(workerConfigFor(services, queues ? { queues } : {}));
      return forum.worker;
    },
    async stopWorker() {
      if (!forum.worker) return;
      await forum.worker.close();
      forum.worker = undefined;
      // A worker in this process takes over the shared Redis client and closes it with itself.
      initKv(forum.redis, services.prefix);
    },
  };
  beforeAll(async () => {
    forum.redis = createRedis(services.redisUrl);
    initKv(forum.redis, services.prefix);
    initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
    await seedSiteConfig();
    await ensureDefaultNode();
    await rebuildReadModel();
  });
  afterAll(async () => {
    await forum.worker?.close();
    await closeEventBus();
    await forum.redis?.quit();
  });
  return forum;
}

export interface WorkerForum {
  /** The Redis client the file's services (read model, ids) use. */
  redis: Redis;
  worker: RunningWorker;
}

/**
 * `useForum` with a worker consuming `queues` from the start. `prepare` runs before the worker
 * starts (a config the jobs must see from the first one).
 */
export function useWorkerForum(
  services: TestServices,
  queues: QueueName[],
  prepare?: () => Promise<void>,
): WorkerForum {
  const forum = useForum(services);
  const started = {} as WorkerForum;
  beforeAll(async () => {
    await prepare?.();
    started.redis = forum.redis;
    started.worker = await forum.startWorker(queues);
  });
  return started;
}
