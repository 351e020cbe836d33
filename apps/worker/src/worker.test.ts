import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import { closeEventBus, createRedis, getQueue, initEventBus, newEvent, toJobData } from '@forum/core';
import { recordEvent, useTestServices } from '@forum/core/testing';
import { childEnv, waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
const slowWorker = fileURLToPath(new URL('../test/slow-job-worker.ts', import.meta.url));

let worker: RunningWorker | undefined;
beforeAll(() => initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix }));
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(closeEventBus);

async function finalState(queue: QueueName, jobId: string) {
  return waitFor(`${queue}/${jobId} to finish`, async () => {
    const state = await getQueue(queue).getJobState(jobId);
    return state === 'completed' || state === 'failed' ? state : undefined;
  });
}

describe('the worker', () => {
  it('consumes only the queues named in WORKER_QUEUES', async () => {
    worker = await startWorker(workerConfigFor(services, { queues: [QueueName.Maintenance] }));
    const event = newEvent('user.created', { userId: 5, source: 'admin' });
    await recordEvent(event);
    await getQueue(QueueName.Maintenance).add('audit-user-created', toJobData(event), { jobId: event.id });
    const points = await getQueue(QueueName.Points).add('award', { userId: 5 });

    expect(await finalState(QueueName.Maintenance, event.id)).toBe('completed');
    expect(await points.getState()).toBe('waiting');
  });

  it('fails a job with bad data at once, naming the bad field', async () => {
    worker = await startWorker(workerConfigFor(services, { queues: [QueueName.Maintenance] }));
    const job = await getQueue(QueueName.Maintenance).add('audit-config-change', {
      id: 'bad1',
      type: 'config.updated',
      payload: { actorId: 'nobody', keys: ['siteTitle'] },
      createdAt: new Date().toISOString(),
    });

    expect(await finalState(QueueName.Maintenance, job.id!)).toBe('failed');
    const failed = (await getQueue(QueueName.Maintenance).getJob(job.id!))!;
    expect(failed.failedReason).toMatch(
      /^invalid data for maintenance\/audit-config-change: payload\.actorId: /,
    );
    expect(failed.attemptsMade).toBe(1);
  });

  it('fails a job nobody handles with its name instead of dropping it', async () => {
    worker = await startWorker(workerConfigFor(services, { queues: [QueueName.Points, QueueName.Mail] }));
    const job = await getQueue(QueueName.Points).add('award-checkin', { userId: 5 });

    expect(await finalState(QueueName.Points, job.id!)).toBe('failed');
    const failed = (await getQueue(QueueName.Points).getJob(job.id!))!;
    expect(failed.failedReason).toBe('no handler for job "award-checkin" on queue "points"');
    expect(failed.attemptsMade).toBe(1);
  });

  it('puts back a scheduler whose next run was lost between taking a run and adding the next', async () => {
    worker = await startWorker(workerConfigFor(services, { queues: [QueueName.Maintenance] }));
    const queue = getQueue(QueueName.Maintenance);
    const scheduler = (await queue.getJobScheduler('prune-job-runs'))!;
    const lostRun = `repeat:prune-job-runs:${scheduler.next}`;
    expect(await queue.getJobState(lostRun)).toBe('delayed');

    // What a worker killed after taking the run and before adding the next one leaves behind: the
    // scheduler, and no run to come.
    // (BullMQ refuses to remove a scheduler's run, so its keys go directly.)
    const client = createRedis(services.redisUrl);
    await client.zrem(queue.toKey('delayed'), lostRun);
    await client.del(queue.toKey(lostRun));
    await client.quit();
    expect(await queue.getJobState(lostRun)).toBe('unknown');
    expect(await queue.getJobScheduler('prune-job-runs')).toBeTruthy();

    const restored = await waitFor('the next run to be queued again', async () => {
      const next = (await queue.getJobScheduler('prune-job-runs'))?.next;
      const state = next && (await queue.getJobState(`repeat:prune-job-runs:${next}`));
      return state === 'delayed' ? state : undefined;
    });
    expect(restored).toBe('delayed');
  });

  it('SIGTERM lets the in-flight job finish before the process exits', async () => {
    // Node itself with tsx's loader: the tsx command kills a child busy when the signal comes.
    const child = spawn(process.execPath, ['--import', 'tsx', slowWorker], {
      env: childEnv(services, { WORKER_QUEUES: 'maintenance', WORKER_HEALTH_PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor(
        'the child worker to start',
        async () => output.includes('\nready') || output.startsWith('ready'),
        // A child under tsx compiles the worker first: slow on a busy machine.
        60_000,
      );
      const job = await getQueue(QueueName.Maintenance).add('slow-test', { ms: 2000 });
      await waitFor('the slow job to start', async () => output.includes(`started ${job.id}`));

      child.kill('SIGTERM');

      expect(await exited, output).toBe(0);
      expect(output).toContain(`finished ${job.id}`);
      expect(await getQueue(QueueName.Maintenance).getJobState(job.id!)).toBe('completed');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
