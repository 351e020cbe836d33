/**
 * Site settings in the console (docs/legacy-api.md §2.2 and §5): the raw rows, saving with validation,
 * and a save in one API process reaching another process's cached copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperateLog, SysConfig } from '@forum/core';
import { testServiceUrls, waitFor } from '@forum/core/testing';
import { startTestWorker, type RunningWorker } from '../../test/worker';
import { legacyGet, legacyPost, refusal, success, trpcMutation } from '../../test/client';
import { ownerToken, useTestApi } from '../../test/harness';
import { startApiProcess, type ApiProcess } from '../../test/api-process';

const t = useTestApi();
let owner: string;
let worker: RunningWorker;

beforeAll(async () => {
  owner = await ownerToken();
  // The maintenance queue writes the operation log of a settings save.
  worker = await startTestWorker(t, 'maintenance');
});
afterAll(async () => {
  await worker.close();
});

const save = (config: unknown) =>
  legacyPost(
    t,
    '/api/admin/sys-config/save',
    { config: typeof config === 'string' ? config : JSON.stringify(config) },
    owner,
  );

describe('raw settings rows', () => {
  it('sys-config/list pages the stored rows and sys-config/{id} reads one', async () => {
    const list = await legacyGet(t, '/api/admin/sys-config/list', { key: 'siteTitle' }, owner);
    const rows = (list.data as { results: { id: number; key: string; value: string }[] }).results;
    expect(list.data).toMatchObject({ page: { page: 1, limit: 20, total: 1 } });
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      key: 'siteTitle',
      value: expect.any(String),
      name: 'siteTitle',
      description: '',
      createTime: expect.any(Number),
      updateTime: expect.any(Number),
    });
    expect((await legacyGet(t, `/api/admin/sys-config/${rows[0]!.id}`, {}, owner)).data).toEqual(rows[0]);
    expect(await legacyGet(t, '/api/admin/sys-config/987654', {}, owner)).toEqual(
      refusal('Not found, id=987654'),
    );
  });
});

describe('saving settings', () => {
  it('refuses what is not a JSON object, and values that do not fit, with 配置数据格式错误', async () => {
    for (const config of [
      '[1,2]',
      'not json',
      '"text"',
      { tokenExpireDays: 0 },
      { siteNavs: [{ title: '', url: '/' }] },
    ]) {
      expect(await save(config)).toEqual(refusal('配置数据格式错误'));
    }
  });

  it('saves levels, the time zone and modules, and logs the save with the address it came from', async () => {
    const levelConfig = [
      { level: 1, title: '新人', score: 0 },
      { level: 2, title: '老手', score: 100 },
    ];
    expect(
      await save({
        levelConfig,
        siteTimeZone: 'Europe/Berlin',
        modules: [{ module: 'article', enabled: false }],
      }),
    ).toEqual(success(null));
    const config = (await legacyGet(t, '/api/config/configs')).data as Record<string, unknown>;
    expect(config).toMatchObject({
      levelConfig,
      siteTimeZone: 'Europe/Berlin',
      modules: [
        { module: 'tweet', enabled: true },
        { module: 'topic', enabled: true },
        { module: 'article', enabled: false },
      ],
    });
    // One row per changed setting, with its value before and after.
    const zoneChange = '修改配置 siteTimeZone：Asia/Shanghai → Europe/Berlin';
    await waitFor(
      'the audit row',
      async () => (await OperateLog.countDocuments({ description: zoneChange })) === 1,
    );
    // Each changed setting is its own event, audited by its own job: all three rows, so none of
    // them lands in the count of the next test.
    await waitFor(
      'the three audit rows of the save',
      async () =>
        (await OperateLog.countDocuments({
          description: /^修改配置 (levelConfig|siteTimeZone|modules)：/,
        })) === 3,
    );
    expect(await OperateLog.findOne({ description: zoneChange }).lean()).toMatchObject({
      opType: 'update',
      dataType: 'sys_config',
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it('writes and logs only what a save changed, however many settings a tab sends', async () => {
    const before = await OperateLog.countDocuments({ dataType: 'sys_config' });
    const config = (await legacyGet(t, '/api/config/configs')).data as Record<string, unknown>;
    // The whole tab as the console sends it, with one setting changed.
    const tab = {
      siteTitle: '语音社区（测试）',
      siteDescription: config.siteDescription,
      siteKeywords: config.siteKeywords,
      siteNotification: config.siteNotification,
      tokenExpireDays: config.tokenExpireDays,
      urlRedirect: config.urlRedirect,
    };
    const savedAt = Date.now();
    expect(await save(tab)).toEqual(success(null));
    await waitFor(
      'the audit row of the title',
      async () => (await OperateLog.countDocuments({ description: /^修改配置 siteTitle：/ })) === 1,
    );
    // The other five rows were not written, so no event of theirs exists to log.
    const untouched = await SysConfig.find(
      { key: { $in: Object.keys(tab).filter((key) => key !== 'siteTitle') } },
      { updateTime: 1 },
    ).lean();
    expect(untouched).toHaveLength(5);
    for (const row of untouched) expect(row.updateTime).toBeLessThan(savedAt);
    expect(await OperateLog.countDocuments({ dataType: 'sys_config' })).toBe(before + 1);
    expect(await OperateLog.findOne({ description: /^修改配置 siteTitle：/ }).lean()).toMatchObject({
      description: `修改配置 siteTitle：${String(config.siteTitle)} → 语音社区（测试）`,
    });
  });

  it('tRPC names the first problem of a bad save', async () => {
    const result = await trpcMutation(t, 'adminSettings.save', { tokenExpireDays: 0 }, owner);
    expect(result.status).toBe(400);
  });
});

describe('a save reaches every process', () => {
  let other: ApiProcess | undefined;
  afterAll(() => other?.stop());

  it('an API process that cached the old title shows the title saved through another process', async () => {
    const { mongoUrl, redisUrl } = testServiceUrls();
    other = await startApiProcess({
      MONGO_URL: mongoUrl,
      MONGO_DB: t.config.MONGO_DB!,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: t.prefix,
    });
    const there = other.url;
    const titleThere = async () =>
      ((await (await fetch(`${there}/api/config/configs`)).json()) as { data: { siteTitle: string } }).data
        .siteTitle;
    const before = await titleThere();
    // A change behind the services' back stays unseen there: that process serves its cached copy.
    await SysConfig.updateOne({ key: 'siteTitle' }, { $set: { value: '绕过服务的标题' } });
    expect(await titleThere()).toBe(before);
    expect(await save({ siteTitle: '跨进程的新标题' })).toEqual(success(null));
    await expect.poll(titleThere, { timeout: 10_000, interval: 100 }).toBe('跨进程的新标题');
  }, 180_000);
});
