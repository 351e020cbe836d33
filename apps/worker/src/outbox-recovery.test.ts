import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { QueueName } from '@forum/contracts';
import {
  OperateLog,
  PendingEvent,
  SysConfig,
  bullPrefix,
  closeEventBus,
  createBullConnection,
  createRedis,
  getQueue,
  initEventBus,
  initKv,
  kv,
  pendingKey,
  pendingMember,
  saveSiteConfig,
  systemContext,
  type OutboxEntry,
} from '@forum/core';
import { useTestServices } from '@forum/core/testing';
import { runToDeath, waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
const crashFixture = 'crash-after-config-write.ts';

let worker: RunningWorker | undefined;
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});
afterAll(closeEventBus);

type ConfigRow = { value: string; outbox?: OutboxEntry[] };

describe('the outbox', () => {
  it('an event survives the process dying between the write and the enqueue', async () => {
    const died = await runToDeath(services, crashFixture, { SITE_TITLE: '断电之后' });
    expect(died.signal, died.stderr).toBe('SIGKILL');

    const written = await SysConfig.findOne({ key: 'siteTitle' }).lean<ConfigRow>();
    expect(written?.value).toContain('断电之后');
    expect(written?.outbox).toHaveLength(1);
    const event = written!.outbox![0]!;
    expect(event).toMatchObject({ type: 'config.updated', payload: { actorId: 1, keys: ['siteTitle'] } });
    expect(await OperateLog.countDocuments({})).toBe(0);

    worker = await startWorker(workerConfigFor(services, { queues: ['maintenance'] }));

    // The scheduled sweeper re-dispatches events older than 5 s every 5 s.
    const row = await waitFor(
      'the op-log row',
      async () => (await OperateLog.findOne({ eventId: event.id }).lean()) ?? undefined,
      25_000,
    );
    expect(row).toMatchObject({
      userId: 1,
      opType: 'update',
      dataType: 'sys_config',
      dataId: 0,
      // The change from nothing (no row was seeded here) to the new title.
      description: '修改配置 siteTitle： → 断电之后',
      ip: '',
      userAgent: '',
    });
    expect(await OperateLog.countDocuments({})).toBe(1);
    // The sweeper never writes the document (its writer may be writing it): the event's state is
    // its pending_events row, and the entry stays in the outbox of the row its writer left.
    expect(await PendingEvent.exists({ _id: event.id })).toBeTruthy();
    expect((await SysConfig.findOne({ key: 'siteTitle' }).lean<ConfigRow>())?.outbox).toHaveLength(1);
  }, 45_000);

  it('a job that failed for good (the database was down for all its attempts) runs again when the sweeper next looks', async () => {
    const redis = createRedis(services.redisUrl);
    initKv(redis, services.prefix);
    initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix });
    // Stands for a worker whose every attempt met a database that was down.
    const failing = new Worker(
      QueueName.Maintenance,
      async () => {
        throw new UnrecoverableError('数据库不可用');
      },
      { connection: createBullConnection(services.redisUrl), prefix: bullPrefix(services.prefix) },
    );
    try {
      await saveSiteConfig(systemContext(), { siteTitle: '失败之后' });
      const event = (await PendingEvent.findOne({ type: 'config.updated' }).sort({ createdAt: -1 }).lean())!;
      expect(
        await waitFor('the job to fail', async () =>
          (await getQueue(QueueName.Maintenance).getJob(event._id))?.isFailed(),
        ),
      ).toBe(true);
      await failing.close();

      worker = await startWorker(workerConfigFor(services, { queues: ['maintenance'] }));
      // As if its re-check were due (the sweeper looks 30 s after the dispatch).
      await kv().zadd(pendingKey(), 0, pendingMember(event.model, event.documentId, event._id));
      const row = await waitFor(
        'the op-log row',
        async () => (await OperateLog.findOne({ eventId: event._id }).lean()) ?? undefined,
        25_000,
      );
      expect(row?.description).toMatch(/^修改配置 siteTitle：.* → 失败之后$/);
      // The handler's write comes before BullMQ records the job as completed.
      const state = await waitFor('the job to be completed', async () => {
        const now = await getQueue(QueueName.Maintenance).getJobState(event._id);
        return now === 'active' ? undefined : now;
      });
      expect(state).toBe('completed');
    } finally {
      await failing.close();
      await redis.quit();
    }
  }, 45_000);
});
