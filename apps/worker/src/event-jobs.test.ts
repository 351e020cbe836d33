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
  newEvent,
  toJobData,
  UserScoreLog,
} from '@forum/core';
import { jobDefinitions } from './jobs';
import { buildUser, recordEvent, useTestServices } from '@forum/core/testing';
import { waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
let worker: RunningWorker;
let runs = 0;
const seenPayloads: unknown[] = [];

// Test-only: deliberately not idempotent, so it shows how often the job_runs guard lets it run.
const countingJob = defineEventJob('config.updated', {
  queue: QueueName.Points,
  name: 'count-runs',
  async handler() {
    runs += 1;
  },
});

// Test-only: keeps the payload its handler was given.
const capturingJob = defineEventJob('config.updated', {
  queue: QueueName.Points,
  name: 'capture-payload',
  async handler({ payload }) {
    seenPayloads.push(payload);
  },
});

beforeAll(async () => {
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
  worker = await startWorker(workerConfigFor(services, { queues: ['maintenance', 'points'] }), {
    definitions: [...jobDefinitions, countingJob, capturingJob],
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
    await recordEvent(event);
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
    await recordEvent(event);
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

  it('refuses a job added by hand for an event no write recorded: no points for invented check-ins', async () => {
    const user = await buildUser();
    const invented = newEvent('user.checked-in', { userId: user._id, dayName: 20240101 });
    await getQueue(QueueName.Points).add('check-in-points', toJobData(invented), { jobId: invented.id });
    await waitFor(
      'the invented job to fail',
      async () => (await getQueue(QueueName.Points).getJobState(invented.id)) === 'failed',
    );
    const job = await getQueue(QueueName.Points).getJob(invented.id);
    // Refused once and for all, not retried.
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/no write recorded/);
    expect(await UserScoreLog.countDocuments({ userId: user._id })).toBe(0);
    expect(await JobRun.exists({ _id: `points/${invented.id}` })).toBeNull();
  });

  it('runs a job on its event as recorded, whatever payload the job itself carries', async () => {
    const event = newEvent('config.updated', { actorId: 7, keys: ['siteTitle'] });
    await recordEvent(event);
    const forged = toJobData({ ...event, payload: { actorId: 1, keys: ['siteNotification'] } });
    await getQueue(QueueName.Points).add(capturingJob.name, forged, { jobId: event.id });
    await completed(QueueName.Points, event.id);
    expect(seenPayloads).toEqual([{ actorId: 7, keys: ['siteTitle'] }]);
  });
});
