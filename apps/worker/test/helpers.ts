/** Test helpers for the worker: a config pointing at this file's database and prefix, and polling. */
import { QueueNames, type QueueName } from '@forum/contracts';
import type { TestServices } from '@forum/core/testing';
import type { WorkerConfig } from '../src/config';

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
    ...overrides,
  };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
