import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findRunningSite,
  forgetRunningSite,
  recordRunningSite,
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
