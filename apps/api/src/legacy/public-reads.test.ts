import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { bumpStamp } from '@forum/core';
import { buildTopic, buildUser, defaultNode, signedIn } from '@forum/core/testing';
import { createApp } from '../app';
import { testRedis } from '../test/accounts-helpers';
import { useTestApi } from '../test/harness';
import { weakEtag } from './public-reads';

const t = useTestApi();

/** Status 599 from these servers: the fast path declined the request and Express was not asked. */
const DECLINED = 599;

let fastOnly: Server;
let expressOnly: Server;
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
let nodeId: number;
let topicId: number;
let userId: number;

async function listen(server: Server): Promise<Server> {
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return server;
}

beforeAll(async () => {
  // The fast path alone (a declined request answers 599), and the same routes through Express.
  const { app, publicReads } = createApp({
    config: t.config,
    log: pino({ level: 'silent' }),
    redis: testRedis(),
  });
  fastOnly = await listen(
    createServer((req, res) => {
      void publicReads.answer(req, res).then((answered) => answered || res.writeHead(DECLINED).end());
    }),
  );
  expressOnly = await listen(createServer(app));
  nodeId = (await defaultNode())._id;
  const user = await buildUser();
  userId = user._id;
  topicId = (await buildTopic({ userId, nodeId, title: '前门之外的快速读取' }))._id;
});

afterAll(async () => {
  fastOnly?.close();
  expressOnly?.close();
});

async function get(server: Server, path: string, headers: Record<string, string> = {}) {
  // Each request computes its answer anew: no answer the other server made is reused.
  await bumpStamp();
  const response = await fetch(`${urlOf(server)}${path}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The headers two answers of the same read must share (the per-request ones left out). */
function lastingHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) {
    if (!['date', 'x-request-id', 'connection', 'keep-alive', 'etag', 'content-length'].includes(name))
      kept[name] = value;
  }
  return kept;
}

describe('visitors’ public reads in front of Express', () => {
  it('answer every public read a visitor asks for, with the body and headers Express sends', async () => {
    const paths = [
      '/api/topic/topics',
      `/api/topic/topics?nodeId=${nodeId}&cursor=0`,
      '/api/topic/recent',
      '/api/topic/newest',
      '/api/topic/sticky_topics',
      `/api/topic/user/topics?userId=${userId}`,
      `/api/user/${userId}`,
      '/api/tag/tags',
      `/api/comment/comments?entityType=topic&entityId=${topicId}`,
    ];
    for (const path of paths) {
      const fast = await get(fastOnly, path);
      const slow = await get(expressOnly, path);
      expect(fast.status, path).toBe(200);
      expect(JSON.parse(fast.text), path).toEqual(JSON.parse(slow.text));
      expect(lastingHeaders(fast.headers), path).toEqual(lastingHeaders(slow.headers));
      expect(fast.headers.get('etag'), path).toBe(weakEtag(Buffer.from(fast.text)));
      expect(fast.headers.get('etag'), path).toBe(slow.headers.get('etag'));
      expect(fast.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('count a topic’s view as Express does', async () => {
    const first = JSON.parse((await get(fastOnly, `/api/topic/${topicId}`)).text);
    const second = JSON.parse((await get(expressOnly, `/api/topic/${topicId}`)).text);
    expect(first.data.title).toBe('前门之外的快速读取');
    expect(second.data.viewCount).toBe(first.data.viewCount + 1);
    expect({ ...first.data, viewCount: 0 }).toEqual({ ...second.data, viewCount: 0 });
  });

  it('answer a reader who names a token for them alone, as Express does', async () => {
    const { user, token } = await signedIn(buildUser());
    await fetch(`${t.baseUrl}/api/favorite/add`, {
      method: 'POST',
      headers: { 'x-user-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      body: `entityType=topic&entityId=${topicId}`,
    });
    const path = `/api/topic/${topicId}`;
    const asReader: Record<string, string>[] = [{ 'x-user-token': token }, { cookie: `userToken=${token}` }];
    for (const headers of asReader) {
      const fast = JSON.parse((await get(fastOnly, path, headers)).text);
      const slow = JSON.parse((await get(expressOnly, path, headers)).text);
      expect(fast.data.favorited).toBe(true);
      expect({ ...fast.data, viewCount: 0 }).toEqual({ ...slow.data, viewCount: 0 });
    }
    // Never shared: a visitor asking next gets the visitor's answer, not the reader's.
    expect(JSON.parse((await get(fastOnly, path)).text).data.favorited).toBe(false);
    // An invalid token reads as a visitor, answered anew.
    const invalid = await get(fastOnly, path, { 'x-user-token': 'not-a-token' });
    expect(JSON.parse(invalid.text).data.favorited).toBe(false);
    const profile = `/api/user/${user._id}`;
    const fast = await get(fastOnly, profile, { 'x-user-token': token });
    const slow = await get(expressOnly, profile, { 'x-user-token': token });
    expect(fast.text).toBe(slow.text);
    expect(lastingHeaders(fast.headers)).toEqual(lastingHeaders(slow.headers));
    expect(fast.headers.get('etag')).toBe(slow.headers.get('etag'));
  });

  it('take the route Express would take: literal paths before parameters, guards passing on', async () => {
    // `/topic/recent` is registered before `/topic/:id`: the newest ten, not topic "recent".
    const recent = JSON.parse((await get(fastOnly, '/api/topic/recent')).text);
    expect(Array.isArray(recent.data)).toBe(true);
    expect(recent.data.map((topic: { topicId: number }) => topic.topicId)).toContain(topicId);
  });

  it('leave to Express what they cannot place with certainty or what is not a public read', async () => {
    const declined: [string, Record<string, string>?][] = [
      ['/api/topic/Topics'],
      ['/api/topic/topics/'],
      ['/api//topic/topics'],
      ['/api/topic/%74opics'],
      ['/api/topic/abc'],
      [`/api/topic/${topicId}/x`],
      ['/api/user/favorites'],
      ['/api/user/current'],
      ['/api/topic/999999999'],
      ['/api/nothing/here'],
      ['/trpc/topics.list'],
      ['/api/topic/topics?userToken=x'],
      ['/api/topic/topics', { 'if-none-match': '"x"' }],
      ['/api/topic/topics', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' }],
    ];
    for (const [path, headers] of declined) {
      expect((await get(fastOnly, path, headers)).status, `${path} ${JSON.stringify(headers)}`).toBe(
        DECLINED,
      );
    }
    const withBody = await fetch(`${urlOf(fastOnly)}/api/topic/topics`, {
      method: 'POST',
      body: 'cursor=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(withBody.status).toBe(DECLINED);
  });

  it('go through the site’s server, where the cache replays what the fast path answered', async () => {
    await bumpStamp();
    const path = `/api/topic/topics?nodeId=${nodeId}`;
    const first = await fetch(`${t.baseUrl}${path}`);
    const firstText = await first.text();
    expect(first.headers.get('x-answer-cache')).toBeNull();
    const again = await fetch(`${t.baseUrl}${path}`);
    expect(again.headers.get('x-answer-cache')).toBe('hit');
    expect(await again.text()).toBe(firstText);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const notModified = await fetch(`${t.baseUrl}${path}`, {
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    // An unknown id is the legacy error envelope, answered by Express.
    const missing = await fetch(`${t.baseUrl}/api/topic/999999999`);
    expect(await missing.json()).toMatchObject({ success: false });
  });
});
