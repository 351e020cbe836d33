/**
 * Test helpers for the worker: a config pointing at this file's database and prefix, polling, and
 * running a fixture that is expected to die.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/** Runs a fixture script until it exits; it is expected to be killed (SIGKILL) by itself. */
export function runToDeath(script: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
    (resolve, reject) => {
      // Node itself (with tsx as a loader) so the signal that killed it is visible here.
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        cwd: workerRoot,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
    },
  );
}
