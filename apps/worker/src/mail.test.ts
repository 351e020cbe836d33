/**
 * The mail queue's verification job against a real SMTP server: it sends once per event however
 * often the event is dispatched, and without SMTP it fails visibly without stopping the worker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import {
  announceMailReadiness,
  EmailCode,
  JobRun,
  closeEventBus,
  createRedis,
  getQueue,
  initEventBus,
  initKv,
  mailReady,
  requestEmailVerification,
  type Redis,
} from '@forum/core';
import { buildUser, startSmtpCapture, useTestServices, type SmtpCapture } from '@forum/core/testing';
import { waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
let redis: Redis;
let smtp: SmtpCapture;

beforeAll(async () => {
  redis = createRedis(services.redisUrl);
  initKv(redis, services.prefix);
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await closeEventBus();
  await smtp.close();
  await redis.quit();
});

/** The mail-queue job that carries the verification event of a user's latest code. */
async function mailJobOf(userId: number) {
  const code = await EmailCode.findOne({ userId }).sort({ _id: -1 }).lean();
  return waitFor(`the mail job of code ${code?._id}`, async () => {
    const jobs = await getQueue(QueueName.Mail).getJobs([
      'waiting',
      'active',
      'completed',
      'failed',
      'delayed',
    ]);
    return jobs.find((job) => (job.data as { payload?: { codeId?: number } }).payload?.codeId === code?._id);
  });
}

/** The worker's configuration with the capture as its SMTP server. */
const withSmtp = () =>
  workerConfigFor(services, {
    queues: ['mail'],
    mail: {
      baseUrl: 'http://forum.test',
      smtp: { host: '127.0.0.1', port: smtp.port, secure: false, from: 'noreply@forum.test' },
    },
  });

describe('without SMTP configured', () => {
  it('the mail job fails at once as "SMTP is not configured", the worker keeps running, and the job is sent when an operator retries it once SMTP is configured', async () => {
    const { _id: userId, email } = await buildUser({ email: 'unsent@example.com' });
    let jobId: string;
    await redis.del(`${services.prefix}mail:ready`);
    const withoutSmtp = await startWorker(workerConfigFor(services, { queues: ['mail'] }));
    try {
      // A mail worker without SMTP says nothing, so the request is refused, not answered "sent".
      expect(await mailReady()).toBe(false);
      await expect(requestEmailVerification(userId)).rejects.toThrow('本站暂未配置邮件发送');
      expect(await EmailCode.exists({ userId })).toBeNull();

      // Taken while a worker with SMTP was announcing (it stopped since): the job fails visibly.
      await announceMailReadiness({
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        from: 'x@forum.test',
      });
      await requestEmailVerification(userId);
      const job = await mailJobOf(userId);
      jobId = job.id!;
      await waitFor('the job to fail', async () => (await job.getState()) === 'failed');
      const failed = (await getQueue(QueueName.Mail).getJob(jobId))!;
      expect(failed.failedReason).toBe('SMTP is not configured');
      expect(failed.attemptsMade).toBe(1);
      expect(await EmailCode.findOne({ userId }).lean()).toMatchObject({ sentAt: 0 });

      const ready = await fetch(`http://127.0.0.1:${withoutSmtp.healthPort}/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      await withoutSmtp.close();
    }

    const worker = await startWorker(withSmtp());
    try {
      const job = (await getQueue(QueueName.Mail).getJob(jobId))!;
      await job.retry('failed');
      await waitFor(`a mail to ${email}`, async () => smtp.mails.some((m) => m.rcptTo.includes(email)));
      expect(smtp.mails.find((m) => m.rcptTo.includes(email))!.subject).toBe('邮箱验证 - 语音社区');
    } finally {
      await worker.close();
    }
  }, 60_000);
});

describe('with SMTP configured', () => {
  let worker: RunningWorker;

  beforeAll(async () => {
    worker = await startWorker(withSmtp());
  });
  afterAll(() => worker.close());

  it('dispatching the verification event again sends no second mail', async () => {
    const { _id: userId, email } = await buildUser({ email: 'sent-once@example.com' });
    await redis.del(`${services.prefix}mail:ready`);
    // The worker says it can send every 30 s; a restart says it at once.
    await worker.close();
    worker = await startWorker(withSmtp());
    expect(await mailReady()).toBe(true);
    await requestEmailVerification(userId);
    const job = await mailJobOf(userId);
    await waitFor('the job to complete', async () => (await job.getState()) === 'completed');
    const sent = () => smtp.mails.filter((m) => m.rcptTo.includes(email)).length;
    expect(sent()).toBe(1);

    const redispatch = async () => {
      await getQueue(QueueName.Mail).remove(job.id!);
      await getQueue(QueueName.Mail).add(job.name, job.data, { jobId: job.id! });
      await waitFor('the re-dispatched job to complete', async () => {
        return (await getQueue(QueueName.Mail).getJobState(job.id!)) === 'completed';
      });
    };
    // Once skipped by the job_runs guard, once (run record lost) by the code's sentAt.
    await redispatch();
    await JobRun.deleteOne({ _id: `mail/${job.id}` });
    await redispatch();
    expect(sent()).toBe(1);
  });
});
