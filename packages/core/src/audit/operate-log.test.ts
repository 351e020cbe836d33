import { describe, expect, it } from 'vitest';
import { newEvent, toJobData } from '../events';
import { runJob, type EventJob } from '../events/jobs';
import { createLogger } from '../logger';
import { buildAdmin, contextFor, recordEvent, useTestServices } from '../testing';
import { auditConfigChangeJob } from './jobs';
import { OperateLog } from './model';
import { listOperateLogsForAdmin, writeOperateLog } from './operate-log';

useTestServices();
const log = createLogger('test', 'silent');

function configChanged(keys: string[]) {
  return toJobData(newEvent('config.updated', { actorId: 3, keys })) as EventJob<'config.updated'>;
}

describe('the operation log', () => {
  it('a config change writes one row naming the keys', async () => {
    const event = configChanged(['siteTitle']);
    await auditConfigChangeJob.handler(event, {
      queue: 'maintenance',
      name: 'audit-config-change',
      jobId: event.id,
      log,
    });
    const row = await OperateLog.findOne({ eventId: event.id }).lean();
    expect(row).toMatchObject({
      userId: 3,
      opType: 'update',
      dataType: 'sys_config',
      dataId: 0,
      description: '修改配置：siteTitle',
      ip: '',
      userAgent: '',
      createTime: Date.parse(event.createdAt),
    });
    expect(typeof row!._id).toBe('number');
  });

  it('a second run of the same audit job is a no-op', async () => {
    const event = configChanged(['siteKeywords']);
    const context = { queue: 'maintenance', name: 'audit-config-change', jobId: event.id, log } as const;
    await auditConfigChangeJob.handler(event, context);
    await auditConfigChangeJob.handler(event, context);
    expect(await OperateLog.countDocuments({ eventId: event.id })).toBe(1);
  });

  it('a second write with the same event id is refused by the unique index', async () => {
    const entry = {
      userId: 1,
      opType: 'delete',
      dataType: 'topic',
      dataId: 9,
      description: '删除话题',
      eventId: 'same1',
    } as const;
    expect(await writeOperateLog(entry)).toBe(true);
    expect(await writeOperateLog(entry)).toBe(false);
    await expect(OperateLog.create({ ...entry, _id: 999_999, createTime: Date.now() })).rejects.toMatchObject(
      { code: 11000 },
    );
  });

  it('an event job runs its handler once, recorded in job_runs', async () => {
    const event = configChanged(['tokenExpireDays']);
    await recordEvent(event);
    const context = { queue: 'maintenance', name: 'audit-config-change', jobId: event.id, log } as const;
    expect(await runJob(auditConfigChangeJob, event, context)).toBe(true);
    expect(await runJob(auditConfigChangeJob, event, context)).toBe(false);
  });

  it('is listed newest first, by numbered page', async () => {
    const admin = contextFor(await buildAdmin());
    await OperateLog.deleteMany({});
    for (const n of [1, 2, 3, 4, 5]) {
      await writeOperateLog({
        userId: n,
        opType: 'update',
        dataType: 'topic',
        dataId: n,
        description: `第${n}条`,
      });
    }
    const first = await listOperateLogsForAdmin(admin, { page: 1, limit: 2 });
    expect(first.page).toEqual({ page: 1, limit: 2, total: 5 });
    expect(first.results.map((row) => row.description)).toEqual(['第5条', '第4条']);
    const last = await listOperateLogsForAdmin(admin, { page: 3, limit: 2 });
    expect(last.results.map((row) => row.description)).toEqual(['第1条']);
  });
});
