import { beforeAll, describe, expect, it } from 'vitest';
import { bumpStamp, kv, kvKey, readStamp, saveSiteConfig, userFromToken } from '@forum/core';
import { AnswerCache } from '../http/answer-cache';
import { buildTopic, buildUser, defaultNode, signedIn, contextFor } from '@forum/core/testing';
import { legacyGet, legacyPost } from '../test/client';
import { ownerToken, useTestApi } from '../test/harness';

const t = useTestApi();
let nodeId: number;
beforeAll(async () => {
  nodeId = (await defaultNode())._id;
});

/**
 * Changes a topic's cached document behind the read model's back (no stamp bump), so a test can
 * tell an answer served from the answer cache from one computed again.
 */
/** A projector's write of the topic (its document and a new version) that leaves the stamp alone. */
async function retitleBehindTheStamp(topicId: number, title: string): Promise<void> {
  const key = kvKey('rm', '{rm}', 'e', 'topic', topicId);
  const doc = JSON.parse((await kv().get(key))!) as Record<string, unknown>;
  await kv().set(key, JSON.stringify({ ...doc, title }));
  await kv().set(`${key}:v`, `retitled-${title}`);
}

const titlesOf = (body: { data: unknown }) =>
  ((body.data as { results: { title: string }[] | null }).results ?? []).map((topic) => topic.title);

describe('anonymous answers of public reads', () => {
  it('are reused while the stamp stands and computed again once anything was projected', async () => {
    const user = await buildUser();
    const topic = await buildTopic({ userId: user._id, nodeId, title: '原标题' });
    const query = { nodeId };
    expect(titlesOf(await legacyGet(t, '/api/topic/topics', query))).toContain('原标题');

    await retitleBehindTheStamp(topic._id, '未投影的标题');
    expect(titlesOf(await legacyGet(t, '/api/topic/topics', query))).toContain('原标题');

    await bumpStamp();
    expect(titlesOf(await legacyGet(t, '/api/topic/topics', query))).toContain('未投影的标题');
  });

  it('never answer a signed-in reader', async () => {
    const { user, token } = await signedIn(buildUser());
    const topic = await buildTopic({ userId: user._id, nodeId, title: '登录前' });
    expect((await legacyGet(t, `/api/topic/${topic._id}`)).data).toMatchObject({ title: '登录前' });
    await retitleBehindTheStamp(topic._id, '登录后');
    expect((await legacyGet(t, `/api/topic/${topic._id}`)).data).toMatchObject({ title: '登录前' });
    expect((await legacyGet(t, `/api/topic/${topic._id}`, {}, token)).data).toMatchObject({
      title: '登录后',
    });
  });

  it('show a write made through the API at once, and a cached topic still counts every view', async () => {
    const { token } = await signedIn(buildUser());
    const before = titlesOf(await legacyGet(t, '/api/topic/topics'));
    const created = await legacyPost(
      t,
      '/api/topic/create',
      { nodeId, title: '刚发的主题', content: '正文' },
      token,
    );
    const id = (created.data as { topicId: number }).topicId;
    const after = titlesOf(await legacyGet(t, '/api/topic/topics'));
    expect(after[0]).toBe('刚发的主题');
    expect(after.length).toBe(Math.min(before.length + 1, 20));

    const views = [];
    for (let i = 0; i < 3; i++)
      views.push(((await legacyGet(t, `/api/topic/${id}`)).data as { viewCount: number }).viewCount);
    expect(views).toEqual([1, 2, 3]);
  });

  it('are dropped when the owner saves the site config', async () => {
    const stamp = await readStamp();
    const owner = await userFromToken(await ownerToken());
    await saveSiteConfig(contextFor(owner!), { siteTitle: '新的站名' });
    expect(await readStamp()).not.toBe(stamp);
  });

  it('are not kept while Redis has no stamp (emptied, before the rebuild bumps it)', async () => {
    const user = await buildUser();
    const topic = await buildTopic({ userId: user._id, nodeId, title: '无印记之前' });
    await kv().del(kvKey('rm', '{rm}', 'stamp'));
    expect((await legacyGet(t, `/api/topic/${topic._id}`)).data).toMatchObject({ title: '无印记之前' });
    await retitleBehindTheStamp(topic._id, '无印记之后');
    expect((await legacyGet(t, `/api/topic/${topic._id}`)).data).toMatchObject({ title: '无印记之后' });
  });
});

describe('AnswerCache', () => {
  // Answers are kept only under a stamp (the test above removed it).
  beforeAll(() => bumpStamp());
  const answer = (data: unknown) => ({ data, body: Buffer.from(JSON.stringify(data)) });

  it('computes concurrent misses of one answer once', async () => {
    const cache = new AnswerCache();
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { n: computed };
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => cache.get('/same', async () => answer(await compute()))),
    );
    expect(computed).toBe(1);
    expect(answers.map((answer) => answer.body.toString())).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
  });

  it('keeps at most maxEntries answers and lets the oldest go first', async () => {
    const cache = new AnswerCache({ maxEntries: 3 });
    const computed: string[] = [];
    const get = (key: string) => cache.get(key, async () => (computed.push(key), answer(key)));
    for (const key of ['a', 'b', 'c', 'd']) await get(key);
    expect(cache.size).toBe(3);
    await get('d');
    await get('a');
    expect(computed).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});

describe('the fast path in front of Express', () => {
  beforeAll(() => bumpStamp());

  it('answers a repeated anonymous read from the cache with the headers the application set', async () => {
    const url = `${t.baseUrl}/api/topic/topics?nodeId=${nodeId}`;
    const first = await fetch(url);
    const second = await fetch(url);
    expect(first.headers.get('x-answer-cache')).toBeNull();
    expect(second.headers.get('x-answer-cache')).toBe('hit');
    expect(await second.text()).toBe(await first.text());
    const perRequest = new Set(['x-request-id', 'x-answer-cache', 'date', 'connection', 'keep-alive']);
    const headersOf = (response: Response) =>
      [...response.headers].filter(([name]) => !perRequest.has(name)).sort();
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 304 to a reader who has the answer already', async () => {
    const url = `${t.baseUrl}/api/tag/tags`;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-answer-cache')).toBe('hit');
  });

  it('leaves signed-in readers, and tokens in the query to the application', async () => {
    const { token } = await signedIn(buildUser());
    const url = `${t.baseUrl}/api/topic/topics?nodeId=${nodeId}`;
    await fetch(url);
    const withToken: Record<string, string>[] = [{ 'x-user-token': token }, { cookie: `userToken=${token}` }];
    for (const headers of withToken) {
      expect((await fetch(url, { headers })).headers.get('x-answer-cache')).toBeNull();
    }
    expect((await fetch(`${url}&userToken=${token}`)).headers.get('x-answer-cache')).toBeNull();
  });
});
