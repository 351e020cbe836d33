/**
 * `npm start`'s supervision: the site as `npm start` launches it (api, worker, web on their own
 * ports, this file's database and Redis prefix); a part killed with SIGKILL is started again and
 * the others keep serving meanwhile. The API runs in the web server's process unless
 * `API_IN_PROCESS=false` (then it is a process of its own, killed and restarted alone).
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '@forum/core';
import { testServiceUrls, uniqueName, waitFor } from '@forum/core/testing';
import { freePort } from './ports';
import { stopAllChildren } from './process';
import { apiInProcessWanted, launchSite, type RunningSite, type SitePorts } from './site';
import { buildIfStale } from './web-build';

const { mongoUrl, redisUrl } = testServiceUrls();
const dbName = uniqueName('supervised');
const prefix = `${uniqueName('supervised')}:`;
const lines: string[] = [];
let site: RunningSite;
let ports: SitePorts;

beforeAll(async () => {
  await buildIfStale();
  ports = { web: await freePort(), api: await freePort(), workerHealth: await freePort() };
  site = await launchSite({ mongoUrl, redisUrl, meiliUrl: undefined, stop: async () => undefined }, ports, {
    env: {
      MONGO_DB: dbName,
      REDIS_PREFIX: prefix,
      // vitest sets BASE_URL=/ for Vite; the site needs a real one.
      BASE_URL: `http://localhost:${ports.web}`,
      LOG_LEVEL: 'warn',
      OWNER_PASSWORD: 'owner-password',
    },
    stdio: 'ignore',
    readyTimeoutMs: 120_000,
    log: (line) => lines.push(line),
  });
}, 300_000);

afterAll(async () => {
  await stopAllChildren();
  const connection = await mongoose.createConnection(mongoUrl, { dbName }).asPromise();
  await connection.dropDatabase();
  await connection.close();
  const redis = createRedis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}, 60_000);

const status = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(10_000) }).then(
    (response) => response.status,
    () => 0,
  );
const page = () => status(`http://127.0.0.1:${ports.web}/`);
const configs = () => status(`http://127.0.0.1:${ports.web}/api/config/configs`);
const workerReady = () => status(`http://127.0.0.1:${ports.workerHealth}/readyz`);

/** SIGKILL to the part's whole process group (tsx runs the app in a child). */
function kill(part: 'api' | 'worker' | 'web'): number {
  const pid = site[part].current.pid!;
  process.kill(-pid, 'SIGKILL');
  return pid;
}

describe('npm start supervises its processes', () => {
  it('restarts a killed worker while the site keeps serving', async () => {
    await waitFor('the worker to be ready', async () => (await workerReady()) === 200, 120_000);
    const killed = kill('worker');
    // Pages and the API answer while the worker is down.
    expect(await page()).toBe(200);
    expect(await configs()).toBe(200);
    await waitFor('the worker to restart', async () => site.worker.restarts === 1, 30_000);
    expect(site.worker.current.pid).not.toBe(killed);
    await waitFor('the new worker to be ready', async () => (await workerReady()) === 200, 120_000);
    expect(lines).toContain(`worker exited (SIGKILL); restarting it in 1 s (restart 1)`);
    expect(await page()).toBe(200);
  }, 300_000);

  it.runIf(apiInProcessWanted())(
    'restarts the killed process of the API and the web server, and both answer again',
    async () => {
      const killed = kill('api');
      expect(site.web).toBe(site.api);
      await waitFor('the process to restart', async () => site.api.restarts === 1, 30_000);
      expect(site.api.current.pid).not.toBe(killed);
      await waitFor('API paths through the new process', async () => (await configs()) === 200, 120_000);
      expect(await page()).toBe(200);
      expect(lines.some((line) => line.startsWith('site (api + web) exited (SIGKILL)'))).toBe(true);
      // The worker went on meanwhile.
      expect(site.worker.restarts).toBe(1);
      expect(await workerReady()).toBe(200);
    },
    300_000,
  );

  it.runIf(!apiInProcessWanted())(
    'restarts a killed API, and the web server serves through it again',
    async () => {
      kill('api');
      await waitFor('the api to restart', async () => site.api.restarts === 1, 30_000);
      await waitFor('pages through the new api', async () => (await configs()) === 200, 120_000);
      expect(await page()).toBe(200);
      expect(site.web.restarts).toBe(0);
      expect(lines.some((line) => line.startsWith('api exited (SIGKILL)'))).toBe(true);
    },
    300_000,
  );

  it.runIf(!apiInProcessWanted())(
    'restarts a killed web server',
    async () => {
      kill('web');
      await waitFor('the web server to restart', async () => site.web.restarts === 1, 30_000);
      await waitFor('pages again', async () => (await page()) === 200, 60_000);
    },
    120_000,
  );
});
