import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { buildUser, useTestServices } from '../testing';
import type { UserDoc } from '../users/model';
import { docKey, dropDoc, readEntities } from './entities';
import { userKind, userLists } from './users';

const services = useTestServices();
const redis = createRedis(services.redisUrl);

beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

/** Above the script's limit, entities are read by pipeline instead. */
const MANY = 250;

describe('reading a page of entities', () => {
  it('answers cached, loaded and missing documents with their counts, by script and by pipeline alike', async () => {
    const [cached, uncached] = [await buildUser(), await buildUser()];
    await redis.zadd(userLists.fans(cached._id), 1, 901, 2, 902);
    await dropDoc(userKind, uncached._id);
    const absent = 2_000_000_000;

    const page = await readEntities<UserDoc & { fansCount: number }>(userKind, [
      cached._id,
      absent,
      uncached._id,
    ]);
    expect([...page.keys()]).toEqual([cached._id, uncached._id]);
    expect(page.get(cached._id)).toMatchObject({ username: cached.username, fansCount: 2, topicCount: 0 });
    expect(page.get(uncached._id)).toMatchObject({ username: uncached.username, fansCount: 0 });
    // The miss was loaded and cached; the absent id is remembered as missing.
    expect(JSON.parse((await redis.get(docKey(userKind, uncached._id)))!)).toMatchObject({
      username: uncached.username,
    });
    expect(await redis.get(docKey(userKind, absent))).toBe('0');
    expect([...(await readEntities(userKind, [absent])).keys()]).toEqual([]);

    const ids = [cached._id, absent, uncached._id, ...Array.from({ length: MANY }, (_, i) => absent + 1 + i)];
    const many = await readEntities<UserDoc>(userKind, ids);
    expect([...many.keys()]).toEqual([cached._id, uncached._id]);
    expect(many.get(cached._id)).toEqual(page.get(cached._id));
    expect(many.get(uncached._id)).toEqual(page.get(uncached._id));
  });
});
