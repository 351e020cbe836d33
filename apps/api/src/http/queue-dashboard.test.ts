/**
 * The queue dashboard shows jobs and changes nothing, for admins and the owner alike; failed jobs
 * are retried through the console's procedure, which writes the operation log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import { getQueue, OperateLog } from '@forum/core';
import { buildAdmin, buildUser, signedIn, waitFor } from '@forum/core/testing';
import { trpcMutation } from '../test/client';
import { ownerToken, useTestApi } from '../test/harness';
import { startTestWorker, type RunningWorker } from '../test/worker';

const t = useTestApi();
let admin: { token: string; id: number };
let owner: string;
let worker: RunningWorker;
beforeAll(async () => {
  const made = await signedIn(buildAdmin());
  admin = { token: made.token, id: made.user._id };
  owner = await ownerToken();
  worker = await startTestWorker(t, 'maintenance');
});
afterAll(() => worker?.close());

const dashboard = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${t.baseUrl}/api/admin/queues${path}`, {
    ...init,
    headers: { 'x-user-token': token, 'content-type': 'application/json', ...init.headers },
  });

/** A maintenance job that fails at once on its data. */
async function failedJob() {
  const job = await getQueue(QueueName.Maintenance).add('sweep-outbox', ['not an object'], { attempts: 1 });
  await waitFor('the job to fail', async () => (await job.getState()) === 'failed');
  return job;
}

describe('the queue dashboard', () => {
  it('shows every queue, read-only, to an admin', async () => {
    const response = await dashboard('/api/queues', admin.token);
    expect(response.status).toBe(200);
    const { queues } = (await response.json()) as { queues: { name: string; readOnlyMode: boolean }[] };
    expect(queues.map((queue) => queue.name).sort()).toEqual(Object.values(QueueName).sort());
    expect(queues.every((queue) => queue.readOnlyMode)).toBe(true);
  });

  it('refuses every change, to an admin and to the owner: no job added, paused, edited or removed', async () => {
    const points = getQueue(QueueName.Points);
    const failed = await failedJob();
    const attempts: [string, string, unknown?][] = [
      [
        'POST',
        '/api/queues/points/add',
        { name: 'check-in-points', data: { id: 'x', type: 'user.checked-in', payload: { userId: 1 } } },
      ],
      ['PUT', '/api/queues/notify/pause'],
      ['PUT', '/api/queues/pause'],
      ['PUT', '/api/queues/maintenance/clean/failed'],
      ['PUT', '/api/queues/maintenance/empty'],
      ['PUT', `/api/queues/maintenance/${failed.id}/retry`],
      ['PATCH', `/api/queues/maintenance/${failed.id}/update-data`, { jobData: {} }],
      ['PUT', '/api/queues/maintenance/obliterate', {}],
    ];
    for (const token of [admin.token, owner]) {
      for (const [method, path, body] of attempts) {
        const response = await dashboard(path, token, {
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(((await response.json()) as { message: string }).message).toBe(
          '队列面板只读：重试失败的任务请在管理后台的队列页操作',
        );
      }
    }
    expect(await points.getJobCounts('waiting', 'delayed', 'prioritized')).toEqual({
      waiting: 0,
      delayed: 0,
      prioritized: 0,
    });
    expect(await getQueue(QueueName.Notify).isPaused()).toBe(false);
    expect(await failed.getState()).toBe('failed');
    expect((await getQueue(QueueName.Maintenance).getJob(failed.id!))?.data).toEqual(['not an object']);
  });

  it("does not show the Redis server's figures", async () => {
    const response = await dashboard('/api/redis/stats', owner);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toMatch(/memory|redis_version|connected/);
  });
});

describe('retrying failed jobs from the console', () => {
  it('retries one failed job for an admin and writes who did it in the operation log', async () => {
    const job = await failedJob();
    await job.updateData({});
    const answer = await trpcMutation(
      t,
      'adminQueues.retryFailed',
      { queue: 'maintenance', jobId: job.id },
      admin.token,
    );
    expect(answer.body.result.data).toEqual({ retried: 1 });
    await waitFor('the job to run again', async () => (await job.getState()) === 'completed');
    expect(
      await OperateLog.findOne({ description: `重试失败任务：maintenance #${job.id}` }).lean(),
    ).toMatchObject({
      userId: admin.id,
      opType: 'update',
      dataType: 'queue',
    });
  });

  it('retries every failed job of a queue', async () => {
    // Failed jobs of the tests before go first: this test counts its own.
    await getQueue(QueueName.Maintenance).clean(0, 1000, 'failed');
    const jobs = [await failedJob(), await failedJob()];
    for (const job of jobs) await job.updateData({});
    const answer = await trpcMutation(t, 'adminQueues.retryFailed', { queue: 'maintenance' }, owner);
    expect(answer.body.result.data).toEqual({ retried: 2 });
    for (const job of jobs) {
      await waitFor('the job to run again', async () => (await job.getState()) === 'completed');
    }
    expect(await OperateLog.countDocuments({ description: '重试失败任务：maintenance（2 个）' })).toBe(1);
  });

  it('refuses a job that is not failed, and a plain user', async () => {
    const missing = await trpcMutation(
      t,
      'adminQueues.retryFailed',
      { queue: 'maintenance', jobId: 'no-such-job' },
      admin.token,
    );
    expect(missing.body.error.message).toBe('任务不存在或不是失败的任务');
    const { token } = await signedIn(buildUser());
    const refused = await trpcMutation(t, 'adminQueues.retryFailed', { queue: 'maintenance' }, token);
    expect(refused.status).toBe(403);
  });
});
