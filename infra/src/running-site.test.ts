import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findRunningSite,
  forgetRunningSite,
  localSitePrefix,
  recordRunningSite,
  refusalToStart,
  siteChoiceLine,
  siteRedisPrefix,
  siteServices,
  type RunningSiteRecord,
} from './running-site';

let dir: string;
let server: net.Server;
let port: number;

beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'running-site-'));
  server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const record = (overrides: Partial<RunningSiteRecord> = {}): RunningSiteRecord => ({
  pid: process.pid,
  mongoUrl: `mongodb://127.0.0.1:${port}/forum`,
  redisUrl: 'redis://127.0.0.1:6379',
  redisPrefix: '',
  ...overrides,
});

describe('the running site record', () => {
  it('finds the services of a running site', async () => {
    recordRunningSite(dir, record({ mongoDb: 'site' }));
    expect(await findRunningSite(dir)).toEqual(record({ mongoDb: 'site' }));
  });

  it('finds nothing when no site recorded itself', async () => {
    expect(await findRunningSite(dir)).toBeUndefined();
  });

  it('ignores a record whose process is gone', async () => {
    // Far above any pid the kernel hands out (pid_max is at most 2^22).
    recordRunningSite(dir, record({ pid: 2 ** 30 }));
    expect(await findRunningSite(dir)).toBeUndefined();
  });

  it('ignores a record whose database no longer listens', async () => {
    recordRunningSite(dir, record());
    await new Promise((resolve) => server.close(resolve));
    server = net.createServer();
    expect(await findRunningSite(dir)).toBeUndefined();
  });

  it('is removed by the site that wrote it, and only by it', async () => {
    recordRunningSite(dir, record());
    forgetRunningSite(dir, process.pid + 1);
    expect(await findRunningSite(dir)).toBeDefined();
    forgetRunningSite(dir);
    expect(await findRunningSite(dir)).toBeUndefined();
  });
});

describe('the services of demo and reindex', () => {
  it('are those of the running site, and stopping them stops nothing', async () => {
    for (const name of ['MONGO_URL', 'MONGO_DB', 'REDIS_URL', 'REDIS_PREFIX']) vi.stubEnv(name, undefined);
    recordRunningSite(
      dir,
      record({ mongoDb: 'site', redisUrl: 'redis://127.0.0.1:6390', redisPrefix: 'p:' }),
    );
    const site = await siteServices(dir);
    expect(site.services.mongoUrl).toBe(`mongodb://127.0.0.1:${port}/forum`);
    expect(site.services.redisUrl).toBe('redis://127.0.0.1:6390');
    expect(site.mongoDb).toBe('site');
    expect(site.redisPrefix).toBe('p:');
    await site.services.stop();
    expect(await findRunningSite(dir)).toBeDefined();
  });

  it('render with the running site’s address, so what a rebuild stores is what the site would render', async () => {
    for (const name of ['MONGO_URL', 'BASE_URL']) vi.stubEnv(name, undefined);
    recordRunningSite(dir, record({ url: 'http://localhost:3100', baseUrl: 'https://bbs.example.org' }));
    expect((await siteServices(dir)).baseUrl).toBe('https://bbs.example.org');
    recordRunningSite(dir, record({ url: 'http://localhost:3100' }));
    expect((await siteServices(dir)).baseUrl).toBe('http://localhost:3100');
    vi.stubEnv('BASE_URL', 'https://forum.example.com');
    expect((await siteServices(dir)).baseUrl).toBe('https://forum.example.com');
  });

  it('say first which data they work on: the running site, MONGO_URL, or this folder with a warning', () => {
    const running = { pid: 42, url: 'http://localhost:3000', mongoUrl: 'mongodb://127.0.0.1:1/forum' };
    expect(siteChoiceLine('/srv/a', running, {})).toBe(
      '[services] the site started by npm start (pid 42, http://localhost:3000): mongodb://127.0.0.1:1/forum',
    );
    expect(siteChoiceLine('/srv/a', undefined, { MONGO_URL: 'mongodb://x/db' })).toMatch(/MONGO_URL is set/);
    const none = siteChoiceLine('/srv/b', undefined, {});
    expect(none).toContain('no site started by npm start runs on /srv/b');
    expect(none).toContain('DATA_DIR');
  });

  it('follow MONGO_URL when it is set, whatever site runs', async () => {
    vi.stubEnv('MONGO_URL', `mongodb://127.0.0.1:${port}/explicit`);
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:6391');
    vi.stubEnv('REDIS_PREFIX', 'q:');
    recordRunningSite(dir, record());
    const site = await siteServices(dir);
    expect(site.services.mongoUrl).toBe(`mongodb://127.0.0.1:${port}/explicit`);
    expect(site.redisPrefix).toBe('q:');
    await site.services.stop();
  });
});

describe('two local sites on one machine', () => {
  it('get a Redis prefix of their own per data folder, the same at every start', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'running-site-other-'));
    const alias = `${other}-alias`;
    symlinkSync(other, alias);
    try {
      expect(localSitePrefix(dir)).toMatch(/^site-[0-9a-f]{10}:$/);
      expect(localSitePrefix(dir)).toBe(localSitePrefix(dir));
      expect(localSitePrefix(other)).not.toBe(localSitePrefix(dir));
      // The same folder reached through another path is the same site.
      expect(localSitePrefix(alias)).toBe(localSitePrefix(other));
    } finally {
      rmSync(alias, { force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('keep REDIS_PREFIX when the operator set it, even empty', () => {
    expect(siteRedisPrefix(dir, { REDIS_PREFIX: 'mine:' })).toBe('mine:');
    expect(siteRedisPrefix(dir, { REDIS_PREFIX: '' })).toBe('');
    expect(siteRedisPrefix(dir, {})).toBe(localSitePrefix(dir));
  });

  it('demo and reindex without a running site use the folder’s prefix too', async () => {
    vi.stubEnv('MONGO_URL', `mongodb://127.0.0.1:${port}/forum`);
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:6392');
    vi.stubEnv('REDIS_PREFIX', undefined);
    const site = await siteServices(dir);
    expect(site.redisPrefix).toBe(localSitePrefix(dir));
    await site.services.stop();
  });

  it('a second start on the same data folder is refused with the way out', async () => {
    recordRunningSite(dir, record({ url: 'http://localhost:3000' }));
    const refusal = await refusalToStart(dir, {});
    expect(refusal).toContain(
      `another site already runs on ${dir} (pid ${process.pid}, http://localhost:3000)`,
    );
    expect(refusal).toContain('DATA_DIR=');
  });

  it('a start whose port is taken is refused, naming the port and the variables', async () => {
    expect(await refusalToStart(dir, { web: port })).toBe(
      `port ${port} (web) is in use: choose free ports with PORT, API_PORT and WORKER_HEALTH_PORT`,
    );
  });

  it('a start on a free folder and free ports goes ahead', async () => {
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const freePort = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    expect(await refusalToStart(dir, { web: freePort })).toBeUndefined();
  });
});
