import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefaultSiteConfig, SiteConfigKeys } from '@forum/contracts';
import { useTestServices } from '../testing';
import { createRedis } from '../redis';
import { closeEventBus, initEventBus } from '../events';
import { configCache } from './cache';
import { decodeValue, defaultConfigValue } from './codec';
import { SysConfig } from './model';
import { systemContext } from '../request-context';
import { saveSiteConfig } from './save-site-config';
import { getSiteConfig, seedSiteConfig } from './site-config';

const services = useTestServices();
const publisher = createRedis(services.redisUrl);
const subscriber = createRedis(services.redisUrl);
const otherProcess = createRedis(services.redisUrl);

beforeAll(async () => {
  initEventBus({ redisUrl: services.redisUrl, prefix: services.prefix.slice(0, -1) });
  await configCache.connect(publisher, subscriber, services.prefix);
  await seedSiteConfig();
});
afterAll(async () => {
  await configCache.disconnect();
  await closeEventBus();
  await Promise.all([publisher.quit(), subscriber.quit(), otherProcess.quit()]);
});

describe('site configuration', () => {
  it('is seeded with the defaults, one row per key, and seeding again adds nothing', async () => {
    await seedSiteConfig();
    expect(await SysConfig.countDocuments({})).toBe(SiteConfigKeys.length);
    expect(await getSiteConfig()).toEqual(DefaultSiteConfig);
  });

  it('is served from the cache until some process announces a change', async () => {
    await getSiteConfig();
    await SysConfig.updateOne({ key: 'siteTitle' }, { $set: { value: '直接改库' } });
    expect((await getSiteConfig()).siteTitle).toBe(DefaultSiteConfig.siteTitle);
    await otherProcess.publish(`${services.prefix}config:invalidate`, '1');
    await expect.poll(async () => (await getSiteConfig()).siteTitle).toBe('直接改库');
  });

  it('a save records one config.updated event per key in the same row write', async () => {
    await saveSiteConfig(systemContext(), { siteDescription: '描述', urlRedirect: true });
    const config = await getSiteConfig();
    expect(config.siteDescription).toBe('描述');
    expect(config.urlRedirect).toBe(true);
    const rows = await SysConfig.find({ key: { $in: ['siteDescription', 'urlRedirect'] } }).lean();
    expect(rows.map((row) => row.value).sort()).toEqual(['true', '描述']);
    // Dispatched at once to Redis, so the outboxes are already empty.
    for (const row of rows) expect(row.outbox ?? []).toEqual([]);
  });

  it('rejects a bad patch with 配置数据格式错误 and keeps the stored values', async () => {
    const before = await getSiteConfig();
    await expect(
      saveSiteConfig(systemContext(), { siteNavs: [{ title: '', url: '/' }] }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: '配置数据格式错误',
    });
    expect(await getSiteConfig()).toEqual(before);
  });
});

describe('levels and the site time zone', () => {
  it('saves an IANA time zone and refuses anything else, an offset included', async () => {
    expect((await saveSiteConfig(systemContext(), { siteTimeZone: 'Europe/Berlin' })).siteTimeZone).toBe(
      'Europe/Berlin',
    );
    for (const siteTimeZone of ['Mars/Olympus_Mons', '+08:00', '']) {
      await expect(saveSiteConfig(systemContext(), { siteTimeZone })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
    }
    expect((await getSiteConfig()).siteTimeZone).toBe('Europe/Berlin');
  });

  it('takes its default time zone from SITE_TIME_ZONE when that names a zone', () => {
    const saved = process.env.SITE_TIME_ZONE;
    try {
      process.env.SITE_TIME_ZONE = 'America/New_York';
      expect(defaultConfigValue('siteTimeZone')).toBe('America/New_York');
      expect(decodeValue('siteTimeZone', 'Not/AZone')).toBe('America/New_York');
      process.env.SITE_TIME_ZONE = 'nowhere';
      expect(defaultConfigValue('siteTimeZone')).toBe('Asia/Shanghai');
    } finally {
      if (saved === undefined) delete process.env.SITE_TIME_ZONE;
      else process.env.SITE_TIME_ZONE = saved;
    }
  });

  it('refuses levels that are not numbered 1, 2, 3 … with rising thresholds', async () => {
    const before = (await getSiteConfig()).levelConfig;
    for (const levelConfig of [
      [],
      [{ level: 2, title: '入门', score: 0 }],
      [
        { level: 1, title: '新手', score: 10 },
        { level: 2, title: '入门', score: 5 },
      ],
      [{ level: 1, title: '', score: 0 }],
    ]) {
      await expect(saveSiteConfig(systemContext(), { levelConfig })).rejects.toMatchObject({
        message: '配置数据格式错误',
      });
    }
    expect((await getSiteConfig()).levelConfig).toEqual(before);
  });
});

describe('decoding stored values (legacy text rules)', () => {
  it.each([
    ['urlRedirect', 'TRUE', true],
    ['urlRedirect', '1', false],
    ['enableHideContent', '1', true],
    ['createTopicEmailVerified', 'True', true],
    ['siteKeywords', 'bbs-go', DefaultSiteConfig.siteKeywords],
    ['siteKeywords', '["语音","识别"]', ['语音', '识别']],
    ['tokenExpireDays', 'abc', DefaultSiteConfig.tokenExpireDays],
    ['tokenExpireDays', '30', 30],
    ['siteNavs', '', null],
  ] as const)('%s stored as %j reads as %j', (key, text, expected) => {
    expect(decodeValue(key, text)).toEqual(expected);
  });
});
