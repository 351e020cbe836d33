import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import { closeEventBus, createRedis, getQueue, initEventBus, kvKey } from '@forum/core';
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

  it('reports Mongo, Redis, the read model, the queues consumed and their depth on /readyz', async () => {
    await getQueue(QueueName.Points).add('award', { userId: 1 }, { delay: 60_000 });
    const unknown = await getQueue(QueueName.Points).add('no-such-job', {});
    await waitFor('the unknown job to fail', async () => (await unknown.getState()) === 'failed');

    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      mongo: true,
      redis: true,
      readModel: 'ready',
      consumes: ['points', 'search'],
      closing: false,
      queues: {
        points: { waiting: 0, active: 0, delayed: 1, failed: 1 },
        search: { waiting: 0, active: 0, delayed: 0, failed: 0 },
      },
    });
  });

  it('reports a rebuild in progress, with its progress, as not ready until the read model is whole', async () => {
    const redis = createRedis(services.redisUrl);
    try {
      // Another process holds the rebuild lock and has got halfway through the topics.
      await redis.set(kvKey('rm', '{rm}', 'rebuild', 'lock'), 'another-process', 'EX', 60);
      await redis.set(
        kvKey('rm', '{rm}', 'rebuild', 'progress'),
        JSON.stringify({ source: 'topics', done: 5, total: 10 }),
      );
      await redis.del(kvKey('rm', 'ready'));
      const response = await fetch(`${base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        readModel: { rebuilding: { source: 'topics', done: 5, total: 10 } },
        consumes: ['points', 'search'],
      });
      // The holder is gone: this worker's watcher rebuilds and the worker is ready again.
      await redis.del(kvKey('rm', '{rm}', 'rebuild', 'lock'));
      await waitFor(
        'the read model to be rebuilt',
        async () => (await fetch(`${base}/readyz`)).status === 200,
      );
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ readModel: 'ready' });
    } finally {
      await redis.quit();
    }
  });

  it('answers 404 for other paths', async () => {
    expect((await fetch(`${base}/metrics-nope`)).status).toBe(404);
  });
});
