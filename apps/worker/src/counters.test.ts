import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeEventBus,
  createRedis,
  EntityCount,
  initKv,
  readTopic,
  UserLike,
  type Redis,
} from '@forum/core';
import { buildUser, signedIn, useTestServices } from '@forum/core/testing';
import { waitFor, workerConfigFor } from '../test/helpers';
import { startWorker, type RunningWorker } from './worker';

const services = useTestServices();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const apis: { child: ChildProcess; url: string }[] = [];
let redis: Redis;
let worker: RunningWorker;

async function startApiProcess(): Promise<{ child: ChildProcess; url: string }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      MONGO_URL: services.mongoUrl,
      MONGO_DB: services.dbName,
      REDIS_URL: services.redisUrl,
      REDIS_PREFIX: services.prefix,
      PORT: String(port),
      HOST: '127.0.0.1',
      // vitest sets BASE_URL=/ for Vite; the API must get a real one.
      BASE_URL: 'http://localhost:3000',
      OWNER_PASSWORD: 'owner-password',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'the api to be ready',
    async () => (await fetch(`${url}/readyz`).catch(() => null))?.status === 200,
    90_000,
  );
  return { child, url };
}

/**
 * A like as a client sends it. A request the API shed (503 服务器繁忙 with Retry-After: it did
 * nothing) is sent again after the wait, as a client should; on a busy machine the fifty writes at
 * once may exceed the API's write places. The exact counts below show that a shed like was not
 * stored and a retried one was stored once.
 */
async function post(url: string, token: string): Promise<{ success: boolean; message: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(url, { method: 'POST', headers: { 'x-user-token': token } });
    if (response.status !== 503 || attempt === 10) {
      return (await response.json()) as { success: boolean; message: string };
    }
    await response.arrayBuffer();
    const wait = Number(response.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, wait) * 1000));
  }
}

beforeAll(async () => {
  redis = createRedis(services.redisUrl);
  initKv(redis, services.prefix);
  // One after the other: the first creates the owner and the default node.
  apis.push(await startApiProcess());
  apis.push(await startApiProcess());
  worker = await startWorker(workerConfigFor(services));
}, 200_000);

afterAll(async () => {
  for (const { child } of apis) child.kill('SIGTERM');
  await worker?.close();
  await closeEventBus();
  await redis.quit();
});

describe('counts under concurrency', () => {
  it('50 likes and 50 views from two API processes leave exact counts in Redis and, after the flush, in MongoDB', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 51; i += 1) tokens.push((await signedIn(buildUser())).token);
    const [author, ...readers] = tokens;
    const created = await fetch(`${apis[0]!.url}/api/topic/create`, {
      method: 'POST',
      headers: { 'x-user-token': author!, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ title: '并发点赞', content: '五十个人同时点赞' }).toString(),
    });
    const topicId = ((await created.json()) as { data: { topicId: number } }).data.topicId;

    const results = await Promise.all([
      ...readers.map((token, i) => post(`${apis[i % 2]!.url}/api/topic/like/${topicId}`, token)),
      ...readers.map((_, i) => fetch(`${apis[i % 2]!.url}/api/topic/${topicId}`).then((r) => r.json())),
    ]);
    expect(
      results.slice(0, 50).filter((r) => !(r as { success: boolean }).success),
      JSON.stringify(results.slice(0, 50)),
    ).toEqual([]);

    expect(await UserLike.countDocuments({ entityType: 'topic', entityId: topicId })).toBe(50);
    expect(await readTopic(topicId)).toMatchObject({ likeCount: 50, viewCount: 50 });
    const persisted = await waitFor(
      'the flush job to persist the counts',
      async () => {
        const row = await EntityCount.findById(`topic:${topicId}`).lean<{ counts: Record<string, number> }>();
        return row?.counts.likeCount === 50 && row.counts.viewCount === 50 ? row.counts : undefined;
      },
      30_000,
    );
    expect(persisted).toMatchObject({ likeCount: 50, viewCount: 50, commentCount: 0 });
  }, 120_000);
});
