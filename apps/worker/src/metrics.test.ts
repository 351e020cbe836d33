import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QueueName } from '@forum/contracts';
import { closeEventBus, defineJob, getQueue, initEventBus, rebuildReadModel } from '@forum/core';
import { jobDefinitions } from './jobs';
import { metricSample, useTestServices } from '@forum/core/testing';
import { waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
const token = 'a-metrics-token-for-tests';
let worker: RunningWorker;
let url: string;

const probeJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'metrics-probe',
  schema: z.object({ fail: z.boolean() }),
  // Idempotent: it only succeeds or fails.
  async handler({ fail }) {
    if (fail) throw new Error('asked to fail');
  },
});

beforeAll(async () => {
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
  await rebuildReadModel();
  worker = await startWorker(
    workerConfigFor(services, { queues: [QueueName.Maintenance], metricsToken: token }),
    { definitions: [...jobDefinitions, probeJob] },
  );
  url = `http://127.0.0.1:${worker.healthPort}/metrics`;
});
afterAll(async () => {
  await worker.close();
  await closeEventBus();
});

async function scrape(): Promise<string> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

describe('the worker’s /metrics', () => {
  it('requires the configured token', async () => {
    expect((await fetch(url)).status).toBe(401);
    expect(
      (await fetch(url, { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status,
    ).toBe(401);
  });

  it('times jobs by name and outcome and counts failures, final or not', async () => {
    const maintenance = getQueue(QueueName.Maintenance);
    const done = await maintenance.add('metrics-probe', { fail: false });
    const failed = await maintenance.add('metrics-probe', { fail: true }, { attempts: 1 });
    const stray = await maintenance.add('no-such-job', {});
    await waitFor('the jobs to finish', async () =>
      (await Promise.all([done.getState(), failed.getState(), stray.getState()])).every(
        (state) => state === 'completed' || state === 'failed',
      ),
    );
    const text = await scrape();
    const count = (outcome: string) =>
      metricSample(text, 'forum_job_duration_seconds_count', { job: 'metrics-probe', outcome });
    expect(count('completed')).toBe(1);
    expect(count('failed')).toBe(1);
    expect(metricSample(text, 'forum_job_failures_total', { job: 'metrics-probe', final: 'true' })).toBe(1);
    expect(metricSample(text, 'forum_job_failures_total', { job: '(unknown)', final: 'true' })).toBe(1);
    expect(text).not.toContain('no-such-job');
  });

  it('reports depth and the oldest waiting job’s age of every queue, consumed here or not', async () => {
    await getQueue(QueueName.Mail).add('send-verification', {}, { timestamp: Date.now() - 90_000 });
    const text = await scrape();
    expect(metricSample(text, 'forum_queue_jobs', { queue: 'mail', state: 'waiting' })).toBe(1);
    expect(
      metricSample(text, 'forum_queue_oldest_waiting_age_seconds', { queue: 'mail' }),
    ).toBeGreaterThanOrEqual(90);
    expect(metricSample(text, 'forum_queue_oldest_waiting_age_seconds', { queue: 'points' })).toBe(0);
    expect(metricSample(text, 'forum_read_model_ready', { role: 'worker' })).toBe(1);
    expect(metricSample(text, 'forum_process_cpu_user_seconds_total', { role: 'worker' })).toBeGreaterThan(0);
  });
});
