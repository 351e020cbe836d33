import { beforeAll, describe, expect, it } from 'vitest';
import { createRedis } from '@forum/core';
import { buildNode, buildUser, signedIn } from '@forum/core/testing';
import { legacyGet, legacyPost } from './test/client';
import { useTestApi } from './test/harness';

const t = useTestApi();
let nodeId: number;
beforeAll(async () => {
  nodeId = (await buildNode())._id;
});

async function readyStatus(): Promise<number> {
  return (await fetch(`${t.baseUrl}/readyz`)).status;
}

describe('the read model when Redis is emptied under a running API', () => {
  it('readiness goes false, the API rebuilds it, and lists, counts and sessions are whole again', async () => {
    const { user, token } = await signedIn(buildUser());
    for (const title of ['第一个话题', '第二个话题', '第三个话题']) {
      const created = await legacyPost(
        t,
        '/api/topic/create',
        { nodeId, title, content: `${title}的内容` },
        token,
      );
      expect(created.success).toBe(true);
    }
    const before = await legacyGet(t, '/api/topic/topics');
    const byNode = await legacyGet(t, '/api/topic/topics', { nodeId });
    const profile = await legacyGet(t, `/api/user/${user._id}`);
    expect((before.data as { results: unknown[] }).results).toHaveLength(3);
    expect(profile.data).toMatchObject({ topicCount: 3 });

    const redis = createRedis(t.config.REDIS_URL);
    const keys = await redis.keys(`${t.prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    await redis.quit();

    expect(await readyStatus()).toBe(503);
    await expect.poll(readyStatus, { timeout: 20_000, interval: 100 }).toBe(200);
    expect(await legacyGet(t, '/api/topic/topics')).toEqual(before);
    expect(await legacyGet(t, '/api/topic/topics', { nodeId })).toEqual(byNode);
    expect((await legacyGet(t, `/api/user/${user._id}`)).data).toMatchObject({ topicCount: 3 });
    expect((await legacyGet(t, '/api/user/current', {}, token)).data).toMatchObject({ id: user._id });
  });
});
