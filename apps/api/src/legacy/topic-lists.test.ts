import { beforeAll, describe, expect, it } from 'vitest';
import { Tag, nextId, reprojectTag, type UserDoc } from '@forum/core';
import { buildNode, buildTopic, buildUser, defaultNode, signedIn } from '@forum/core/testing';
import { legacyGet } from '../test/client';
import { useTestApi } from '../test/harness';

/** Every list in one database this file controls, so the expected pages are exact. */
const t = useTestApi();
let author: UserDoc;
let nodes: { defaultNodeId: number; otherNodeId: number };
let tagId: number;
/** 25 topics, lastCommentTime 1000…25000 (id order = time order); the first 12 in otherNode. */
let ids: number[] = [];
beforeAll(async () => {
  nodes = { defaultNodeId: (await defaultNode())._id, otherNodeId: (await buildNode())._id };
  author = await buildUser();
  tagId = await nextId('tag');
  await Tag.create({ _id: tagId, name: 'ASR', nameLower: 'asr', createTime: 1, updateTime: 1 });
  await reprojectTag(tagId);
  ids = [];
  for (let i = 1; i <= 25; i++) {
    const topic = await buildTopic({
      userId: author._id,
      nodeId: i <= 12 ? nodes.otherNodeId : nodes.defaultNodeId,
      lastCommentTime: i * 1000,
      createTime: i * 1000,
      tagIds: i % 2 === 0 ? [tagId] : [],
      recommend: i % 5 === 0,
      sticky: i <= 4,
      stickyTime: i <= 4 ? i * 10 : 0,
    });
    ids.push(topic._id);
  }
});

type Page = { results: { topicId: number }[] | null; cursor: string; hasMore: boolean };
const idsOf = (page: Page) => (page.results ?? []).map((item) => item.topicId);
const newestFirst = (list: number[]) => [...list].reverse();
const dataOf = async (path: string, query: Record<string, string | number> = {}) =>
  (await legacyGet(t, path, query)).data as Page;

describe('GET /api/topic/topics', () => {
  it('pages by last activity with a string cursor over two pages', async () => {
    const first = await dataOf('/api/topic/topics');
    expect(idsOf(first)).toEqual(newestFirst(ids).slice(0, 20));
    expect(first).toMatchObject({ cursor: '6000', hasMore: true });
    const second = await dataOf('/api/topic/topics', { cursor: first.cursor });
    expect(idsOf(second)).toEqual(newestFirst(ids).slice(20));
    expect(second).toMatchObject({ cursor: '1000', hasMore: false });
    expect(await dataOf('/api/topic/topics', { cursor: 1000 })).toEqual({
      results: null,
      cursor: '1000',
      hasMore: false,
    });
  });

  it('filters by node and by recommendation (docs/legacy-api.md Appendix A #7 fixed)', async () => {
    expect(idsOf(await dataOf('/api/topic/topics', { nodeId: nodes.otherNodeId }))).toEqual(
      newestFirst(ids.slice(0, 12)),
    );
    expect(idsOf(await dataOf('/api/topic/topics', { recommend: 'true' }))).toEqual(
      newestFirst(ids.filter((_, i) => (i + 1) % 5 === 0)),
    );
  });
});

describe('GET /api/topic/tag/topics', () => {
  it('applies the cursor (docs/legacy-api.md Appendix A #6 fixed)', async () => {
    const tagged = newestFirst(ids.filter((_, i) => (i + 1) % 2 === 0));
    const first = await dataOf('/api/topic/tag/topics', { tagId });
    expect(idsOf(first)).toEqual(tagged);
    expect(first.hasMore).toBe(false);
    const after = await dataOf('/api/topic/tag/topics', { tagId, cursor: 13_000 });
    expect(idsOf(after)).toEqual(tagged.filter((id) => ids.indexOf(id) + 1 < 13));
  });

  it('requires tagId', async () => {
    expect(await legacyGet(t, '/api/topic/tag/topics')).toEqual({
      errorCode: 0,
      message: "unable to find param value 'tagId'",
      data: null,
      success: false,
    });
  });
});

describe('GET /api/topic/user/topics', () => {
  it("pages a user's topics by id, newest first", async () => {
    const first = await dataOf('/api/topic/user/topics', { userId: author._id });
    expect(idsOf(first)).toEqual(newestFirst(ids).slice(0, 20));
    expect(first).toMatchObject({ cursor: String(ids[5]), hasMore: true });
    const second = await dataOf('/api/topic/user/topics', { userId: author._id, cursor: first.cursor });
    expect(idsOf(second)).toEqual(newestFirst(ids).slice(20));
    expect(second.hasMore).toBe(false);
  });

  it('requires a parsable userId', async () => {
    expect((await legacyGet(t, '/api/topic/user/topics')).message).toBe(
      "unable to find param value 'userId'",
    );
    expect((await legacyGet(t, '/api/topic/user/topics', { userId: 'x' })).message).toBe(
      'strconv.ParseInt: parsing "x": invalid syntax',
    );
  });
});

describe('short lists', () => {
  it('/recent gives the 10 newest, /newest the 6 newest, as simple TopicResponses', async () => {
    const recent = (await legacyGet(t, '/api/topic/recent')).data as { topicId: number; content: string }[];
    expect(recent.map((item) => item.topicId)).toEqual(newestFirst(ids).slice(0, 10));
    expect(recent[0]).toMatchObject({ content: '', summary: `内容${ids[24]}` });
    const newest = (await legacyGet(t, '/api/topic/newest')).data as { topicId: number }[];
    expect(newest.map((item) => item.topicId)).toEqual(newestFirst(ids).slice(0, 6));
  });

  it('/recommend gives recommended topics only', async () => {
    const data = (await legacyGet(t, '/api/topic/recommend')).data as {
      topicId: number;
      recommend: boolean;
    }[];
    expect(data.map((item) => item.topicId)).toEqual(newestFirst(ids.filter((_, i) => (i + 1) % 5 === 0)));
    expect(data.every((item) => item.recommend)).toBe(true);
  });

  it('/sticky_topics gives at most 3 pinned topics, latest pinned first, per node', async () => {
    const all = (await legacyGet(t, '/api/topic/sticky_topics')).data as { topicId: number }[];
    expect(all.map((item) => item.topicId)).toEqual([ids[3], ids[2], ids[1]]);
    expect(await legacyGet(t, '/api/topic/sticky_topics', { nodeId: nodes.defaultNodeId })).toMatchObject({
      data: null,
      success: true,
    });
  });
});

describe('GET /api/topic/node_navs', () => {
  const virtual = (id: number, name: string) => ({ nodeId: id, name, logo: '', description: '' });

  it('answers 最新 and 推荐, then every shown node, to a visitor', async () => {
    const navs = (await legacyGet(t, '/api/topic/node_navs')).data as { nodeId: number }[];
    expect(navs.slice(0, 2)).toEqual([virtual(0, '最新'), virtual(-1, '推荐')]);
    expect(navs.slice(2)).toEqual((await legacyGet(t, '/api/topic/nodes')).data);
    expect(navs.some((nav) => nav.nodeId === -2)).toBe(false);
  });

  it('adds 关注 (the follow feed) for a signed-in user, and the visitor answer stays without it', async () => {
    const { token } = await signedIn(buildUser());
    await legacyGet(t, '/api/topic/node_navs');
    const mine = (await legacyGet(t, '/api/topic/node_navs', {}, token)).data as unknown[];
    expect(mine.slice(0, 3)).toEqual([virtual(0, '最新'), virtual(-1, '推荐'), virtual(-2, '关注')]);
    expect(mine.slice(3)).toEqual((await legacyGet(t, '/api/topic/nodes')).data);
    const visitor = (await legacyGet(t, '/api/topic/node_navs')).data as { nodeId: number }[];
    expect(visitor.some((nav) => nav.nodeId === -2)).toBe(false);
  });
});
