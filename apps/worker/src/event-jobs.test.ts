import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import {
  JobRun,
  OperateLog,
  closeEventBus,
  defineEventJob,
  enqueueEvents,
  getQueue,
  initEventBus,
  jobDefinitions,
  newEvent,
  toJobData,
} from '@forum/core';
import { useTestServices } from '@forum/core/testing';
import { waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
let worker: RunningWorker;
let runs = 0;

// Test-only: deliberately not idempotent, so it shows how often the job_runs guard lets it run.
const countingJob = defineEventJob('config.updated', {
  queue: QueueName.Points,
  name: 'count-runs',
  async handler() {
    runs += 1;
  },
});

beforeAll(async () => {
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
  worker = await startWorker(workerConfigFor(services, { queues: ['maintenance', 'points'] }), {
    definitions: [...jobDefinitions, countingJob],
  });
});
afterAll(async () => {
  await worker.close();
  await closeEventBus();
});

async function completed(queue: QueueName, jobId: string) {
  await waitFor(
    `${queue}/${jobId} to complete`,
    async () => (await getQueue(queue).getJobState(jobId)) === 'completed',
  );
}

describe('event jobs', () => {
  it('dispatching the same event twice runs its job once', async () => {
    const event = newEvent('config.updated', { actorId: 7, keys: ['siteTitle', 'siteDescription'] });
    const dispatch = async () => {
      await enqueueEvents([event]);
      await getQueue(QueueName.Points).add(countingJob.name, toJobData(event), { jobId: event.id });
    };

    await dispatch();
    await dispatch();
    await completed(QueueName.Maintenance, event.id);
    await completed(QueueName.Points, event.id);

    // Once BullMQ has dropped the finished jobs (removeOnComplete), the same job id is accepted again.
    await getQueue(QueueName.Maintenance).remove(event.id);
    await getQueue(QueueName.Points).remove(event.id);
    await dispatch();
    await completed(QueueName.Maintenance, event.id);
    await completed(QueueName.Points, event.id);

    expect(runs).toBe(1);
    expect(await OperateLog.find({ eventId: event.id }).lean()).toMatchObject([
      {
        userId: 7,
        opType: 'update',
        dataType: 'sys_config',
        description: '修改配置：siteTitle、siteDescription',
      },
    ]);
    expect(await JobRun.countDocuments({ _id: `maintenance/${event.id}` })).toBe(1);
    expect(await JobRun.countDocuments({ _id: `points/${event.id}` })).toBe(1);
  });

  it('a new user is written to the operation log', async () => {
    const event = newEvent('user.created', { userId: 42, source: 'signup' });
    await enqueueEvents([event]);
    await completed(QueueName.Maintenance, event.id);
    expect(await OperateLog.findOne({ eventId: event.id }).lean()).toMatchObject({
      userId: 42,
      opType: 'create',
      dataType: 'user',
      dataId: 42,
      description: '用户注册',
    });
  });
});
