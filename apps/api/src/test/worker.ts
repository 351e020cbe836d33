/** A real worker in the test process, on the test API's database and Redis prefix. */
import { testServiceUrls } from '@forum/core/testing';
import { loadWorkerConfig } from '@forum/worker/config';
import { startWorker, type RunningWorker } from '@forum/worker/worker';
import type { TestApi } from './harness';

export type { RunningWorker };

/** `queues` as WORKER_QUEUES lists them; `env` adds or overrides variables (SMTP_*, BASE_URL, …). */
export function startTestWorker(
  t: TestApi,
  queues: string,
  env: Record<string, string> = {},
): Promise<RunningWorker> {
  const { mongoUrl, redisUrl } = testServiceUrls();
  return startWorker(
    loadWorkerConfig({
      MONGO_URL: mongoUrl,
      MONGO_DB: t.config.MONGO_DB!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: t.prefix,
      WORKER_QUEUES: queues,
      WORKER_HEALTH_PORT: '0',
      LOG_LEVEL: 'silent',
      ...env,
    }),
  );
}
