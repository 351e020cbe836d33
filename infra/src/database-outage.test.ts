/**
 * The database stalls (SIGSTOP: no answer and no error) or goes away (SIGKILL) under a running API,
 * on a database and Redis of this file's own: a write that needs the database answers within the
 * request timeout — not a hang, not "服务器异常" — with what is true (stalled: 504, it may still be
 * stored; gone: 503 with Retry-After), readiness says the database is gone, and the API serves
 * again by itself once the database is back.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, createRedis, disconnectDatabase, initKv, issueToken, User } from '@forum/core';
import { waitFor } from '@forum/core/testing';
import { dataDir, repoRoot } from './paths';
import { freePort } from './ports';
import { startChild, stopChild } from './process';
import { startServices, type Services } from './services';
import { waitForHttp } from './site';

const REQUEST_TIMEOUT_MS = 12_000;
const PREFIX = 'outage:';

let services: Services;
let api: ChildProcess;
let apiUrl: string;
let token: string;
let redis: ReturnType<typeof createRedis>;

beforeAll(async () => {
  services = await startServices({
    dataDir: path.join(dataDir, 'test', 'database-outage'),
    own: true,
    log: () => undefined,
  });
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  api = startChild(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    name: 'api',
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      MONGO_URL: services.mongoUrl,
      MONGO_DB: 'outage',
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: PREFIX,
      // vitest sets BASE_URL=/ for Vite; the API needs a real one.
      BASE_URL: 'http://localhost:3000',
      OWNER_USERNAME: 'owner',
      OWNER_PASSWORD: 'owner-password',
      LOG_LEVEL: 'silent',
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    },
  });
  await waitForHttp(`${apiUrl}/readyz`, 120_000, api);
  await connectDatabase(services.mongoUrl, 'outage');
  redis = createRedis(services.redisUrl);
  initKv(redis, PREFIX);
  const owner = await User.findOne({ username: 'owner' }).lean();
  token = (await issueToken(owner!._id, 1)).token;
  await disconnectDatabase();
}, 180_000);

afterAll(async () => {
  redis?.disconnect();
  if (api) await stopChild(api);
  await services?.stop();
});

/** A write that needs the database; bounded well past the request timeout, so a hang fails it. */
async function postTweet(content: string) {
  const response = await fetch(`${apiUrl}/api/topic/create`, {
    method: 'POST',
    headers: { 'x-user-token': token },
    body: new URLSearchParams({ type: '1', nodeId: '0', content }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS + 10_000),
  });
  const body = (await response.json()) as { success: boolean; message: string };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ...body };
}

const ready = async () => (await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;

describe('a database outage under a running API', () => {
  it('stalled: a write answers 504 "may be stored" within the request timeout, and all is well once it resumes', async () => {
    expect((await postTweet('停顿之前')).success).toBe(true);
    services.signal!('mongo', 'SIGSTOP');
    try {
      // The insert was sent and may be applied when the server resumes: the answer says so, and
      // does not invite a second copy.
      const stalled = await postTweet('数据库停顿时');
      expect(stalled).toMatchObject({
        status: 504,
        success: false,
        message: '处理超时，操作可能已经完成，请刷新后确认，不要重复提交',
      });
      expect(stalled.retryAfter).toBeNull();
      expect(await ready()).toBe(503);
    } finally {
      services.signal!('mongo', 'SIGCONT');
    }
    await waitFor('the API to be ready again', async () => (await ready()) === 200, 60_000);
    expect((await postTweet('恢复之后')).success).toBe(true);
  }, 120_000);

  it('gone: a request answers 503 "unavailable" before the request timeout, and all is well once it is back', async () => {
    const back = services.restart!('mongo', 20_000);
    await sleep(1000);
    const down = await postTweet('数据库不在时');
    expect(down).toMatchObject({ status: 503, success: false, message: '服务暂时不可用，请稍后再试' });
    expect(down.retryAfter).toBe('5');
    expect(await ready()).toBe(503);
    await back;
    await waitFor('the API to be ready again', async () => (await ready()) === 200, 60_000);
    expect((await postTweet('回来之后')).success).toBe(true);
  }, 120_000);
});
