import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import { closeEventBus, getQueue, initEventBus } from '@forum/core';
import { useTestServices } from '@forum/core/testing';
import { waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
let worker: RunningWorker;
let base: string;

beforeAll(async () => {
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
  worker = await startWorker(workerConfigFor(services, { queues: [QueueName.Points, QueueName.Search] }));
  base = `http://127.0.0.1:${worker.healthPort}`;
});
afterAll(async () => {
  await worker.close();
  await closeEventBus();
});

describe('the health endpoint', () => {
  it('answers /healthz while the process lives', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('reports Mongo, Redis and the depth of each consumed queue on /readyz', async () => {
    await getQueue(QueueName.Points).add('award', { userId: 1 }, { delay: 60_000 });
    const unknown = await getQueue(QueueName.Points).add('no-such-job', {});
    await waitFor('the unknown job to fail', async () => (await unknown.getState()) === 'failed');

    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      mongo: true,
      redis: true,
      readModel: true,
      queues: {
        points: { waiting: 0, active: 0, delayed: 1, failed: 1 },
        search: { waiting: 0, active: 0, delayed: 0, failed: 0 },
      },
    });
  });

  it('answers 404 for other paths', async () => {
    expect((await fetch(`${base}/metrics-nope`)).status).toBe(404);
  });
});
