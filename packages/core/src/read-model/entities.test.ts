import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { buildNode, buildTopic, buildUser, useTestServices } from '../testing';
import type { UserDoc } from '../users/model';
import { TopicNode, type TopicNodeDoc } from '../nodes/model';
import {
  cacheDoc,
  countView,
  defineEntityKind,
  docKey,
  dropDoc,
  kindVersionKey,
  readEntities,
  readEntity,
  readKeptEntities,
  versionKey,
} from './entities';
import { nodeKind } from './nodes';
import { placeInLists } from './membership';
import { projectScoreLog, scoreLists } from './scores';
import { bumpStamp, stampKey } from './stamp';
import { topicKind } from './topics';
import { UserScoreLog, type UserScoreLogDoc } from '../points/model';
import { recountScores } from '../points/recount-scores';
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

    // Without counts: the same documents, their counts not read (left at 0), by script and by pipeline.
    for (const read of [[cached._id, absent, uncached._id], ids]) {
      const bare = await readEntities<UserDoc & { fansCount: number }>(userKind, read, false);
      expect([...bare.keys()]).toEqual([cached._id, uncached._id]);
      expect(bare.get(cached._id)).toEqual({ ...page.get(cached._id), fansCount: 0 });
    }
  });

  it('parses a document once per version: a read of the same version reuses it, a write makes a new one', async () => {
    const user = await buildUser({ description: '第一版' });
    const read = async () => (await readEntity<UserDoc & { fansCount: number }>(userKind, user._id))!;
    // The first read loads it from the database; the second parses the cached copy and keeps it.
    expect((await read()).description).toBe('第一版');
    expect((await read()).description).toBe('第一版');
    const version = await redis.get(versionKey(userKind, user._id));
    expect(version).toMatch(/^[\w-]{12}$/);

    // Changed behind the read model's back (no new version): this process keeps the version it
    // parsed, so Redis answers "unchanged" and the document is not read again.
    const raw = JSON.parse((await redis.get(docKey(userKind, user._id)))!) as UserDoc;
    await redis.set(docKey(userKind, user._id), JSON.stringify({ ...raw, description: '未经写入' }));
    expect((await read()).description).toBe('第一版');

    // Counts are read again once the stamp moved, held document or not.
    await redis.zadd(userLists.fans(user._id), 1, 903);
    await bumpStamp();
    expect((await read()).fansCount).toBe(1);

    // A write through the read model gives a new version, and the next read sees the write.
    await cacheDoc(userKind, { ...raw, description: '第二版' } as UserDoc);
    expect(await redis.get(versionKey(userKind, user._id))).not.toBe(version);
    expect((await read()).description).toBe('第二版');

    // Each reader gets its own top level; what is inside is shared, and frozen.
    const mine = await read();
    mine.description = '只改我的';
    expect((await read()).description).toBe('第二版');
    expect(Array.isArray(mine.roles)).toBe(true);
    expect(() => (mine.roles as string[]).push('owner')).toThrow(TypeError);

    // Dropped, the version goes with the document: the next read loads it from the database.
    await dropDoc(userKind, user._id);
    expect(await redis.exists(versionKey(userKind, user._id))).toBe(0);
    expect((await read()).description).toBe('第一版');
  });
});

describe('counts held under the stamp', () => {
  const readUserCounts = async (id: number) =>
    (await readEntity<UserDoc & { fansCount: number; score: number }>(userKind, id))!;
  const readTopicCounts = async (id: number) =>
    (await readEntity<{ likeCount: number; viewCount: number }>(topicKind, id))!;

  it('skips the list sizes and scores this process read under the current stamp, and reads them once it moves', async () => {
    const user = await buildUser();
    await placeInLists(`test-fan:${user._id}`, 904, new Map([[userLists.fans(user._id), 1]]));
    expect((await readUserCounts(user._id)).fansCount).toBe(1);

    // A size changed without a bump (which no writer does) is not seen: the count was not read again.
    await redis.zadd(userLists.fans(user._id), 2, 905);
    expect((await readUserCounts(user._id)).fansCount).toBe(1);
    // Any bump and it is.
    await bumpStamp();
    expect((await readUserCounts(user._id)).fansCount).toBe(2);

    // A list placement bumps in its own script: the next read sees it.
    await placeInLists(`test-fan:${user._id}:2`, 906, new Map([[userLists.fans(user._id), 3]]));
    expect((await readUserCounts(user._id)).fansCount).toBe(3);

    // Redis emptied of its stamp (a rebuild, a flush): nothing is skipped.
    await redis.zadd(userLists.fans(user._id), 4, 907);
    await redis.del(stampKey());
    expect((await readUserCounts(user._id)).fansCount).toBe(4);
  });

  it('sees a points total the moment its log row is counted', async () => {
    const user = await buildUser();
    expect((await readUserCounts(user._id)).score).toBe(0);
    const log = {
      _id: 7_000_000 + user._id,
      key: `test:${user._id}`,
      userId: user._id,
      sourceType: 'test',
      sourceId: String(user._id),
      description: '',
      type: 0,
      score: 5,
      createTime: Date.now(),
    } as UserScoreLogDoc;
    // The log's own projection bumps before the total moves, so counting it must bump once more: a
    // read between the two would otherwise hold the old total under the newest stamp. A projection
    // again (a retry) counts nothing and bumps one time fewer.
    const bumps = async () => {
      const before = Number(await redis.get(stampKey()));
      expect(await projectScoreLog(log)).toBe(5);
      return Number(await redis.get(stampKey())) - before;
    };
    const counting = await bumps();
    expect((await readUserCounts(user._id)).score).toBe(5);
    expect(await bumps()).toBe(counting - 1);
    expect((await readUserCounts(user._id)).score).toBe(5);

    // The recount of drifted totals, the other writer of totals, bumps as well.
    await UserScoreLog.create(log);
    await redis.zadd(scoreLists.totals(), 9, String(user._id));
    await bumpStamp();
    expect((await readUserCounts(user._id)).score).toBe(9);
    expect(await recountScores()).toBeGreaterThanOrEqual(1);
    expect((await readUserCounts(user._id)).score).toBe(5);
  });

  it('always reads counters, which go up without a bump', async () => {
    const topic = await buildTopic();
    const before = await readTopicCounts(topic._id);
    await countView(topicKind, topic._id);
    await countView(topicKind, topic._id);
    expect((await readTopicCounts(topic._id)).viewCount).toBe(before.viewCount + 2);
  });
});

describe('kinds kept whole (nodes, tags)', () => {
  const readNode = async (id: number) => (await readKeptEntities<TopicNodeDoc>(nodeKind, [id])).get(id);
  /** The cached document and its own version changed by hand, the kind's version left alone. */
  const renamed = (node: TopicNodeDoc, name: string): TopicNodeDoc => ({ ...node, name });
  const changeBehindItsBack = async (node: TopicNodeDoc, name: string) => {
    await redis.set(docKey(nodeKind, node._id), JSON.stringify(renamed(node, name)));
    await redis.set(versionKey(nodeKind, node._id), `by-hand-${name}`);
  };

  it('keeps what a process read until any document of the kind is written, then reads it anew', async () => {
    const node = await buildNode({ name: '甲' });
    const other = await buildNode({ name: '乙' });
    expect((await readNode(node._id))?.name).toBe('甲');

    // Kept: the document's own version changed, the kind's did not, so nothing was read again.
    await changeBehindItsBack(node, '被改');
    expect((await readNode(node._id))?.name).toBe('甲');

    // A projector's write of any node of the kind gives the kind a new version.
    await cacheDoc(nodeKind, renamed(other, '乙二'));
    expect((await readNode(node._id))?.name).toBe('被改');
    expect((await readNode(other._id))?.name).toBe('乙二');
    await cacheDoc(nodeKind, renamed(node, '丙'));
    expect((await readNode(node._id))?.name).toBe('丙');

    // A dropped document is gone at once, also from a page of several.
    await TopicNode.deleteOne({ _id: node._id });
    await dropDoc(nodeKind, node._id);
    const page = await readKeptEntities<TopicNodeDoc>(nodeKind, [node._id, other._id, node._id]);
    expect([...page.keys()]).toEqual([other._id]);
  });

  it('shares what it keeps frozen, and reads through where the kind has no version', async () => {
    const node = await buildNode({ name: '丁' });
    const kept = (await readNode(node._id))!;
    expect(Object.isFrozen(kept)).toBe(true);
    expect(() => Object.assign(kept, { name: '改' })).toThrow(TypeError);

    // A read model laid out before kinds had versions (or just emptied): no keeping at all.
    await redis.del(kindVersionKey(nodeKind));
    await changeBehindItsBack(node, '戊');
    expect((await readNode(node._id))?.name).toBe('戊');
    await changeBehindItsBack(node, '己');
    expect((await readNode(node._id))?.name).toBe('己');
  });

  it('refuses a kept kind with counts, which change without a write of the kind', () => {
    expect(() =>
      defineEntityKind({
        name: 'kept-with-counts',
        model: TopicNode,
        hidden: [],
        counts: { fansCount: { counter: true } },
        keptWhole: true,
      }),
    ).toThrow(/cannot have counts/);
  });
});
