/**
 * With the API in the web server's process (what `npm start` runs, and this suite's stack), a
 * page's queries are called in process: rendering a page makes no HTTP request to the API's
 * `/trpc`, yet every query runs (the API counts each procedure call) as the page's reader, and a
 * missing item is still the 404 page. The busy case (queries that find the API full go over HTTP and
 * are answered 503) is busy.test.ts.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { postTopicByApi } from './api';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');

/** The API's counters: HTTP requests to `/trpc…` and calls of each procedure, by outcome. */
async function counts() {
  const text = await (await fetch(`${apiUrl}/metrics`)).text();
  let trpcRequests = 0;
  const calls = new Map<string, number>();
  for (const line of text.split('\n')) {
    const http = /^forum_http_request_duration_seconds_count\{.*route="\/trpc[^"]*".*\} (\d+)$/.exec(line);
    if (http) trpcRequests += Number(http[1]);
    const call =
      /^forum_trpc_procedure_duration_seconds_count\{.*procedure="([^"]+)".*outcome="([^"]+)".*\} (\d+)$/.exec(
        line,
      );
    if (call) calls.set(`${call[1]} ${call[2]}`, (calls.get(`${call[1]} ${call[2]}`) ?? 0) + Number(call[3]));
  }
  return { trpcRequests, calls: (key: string) => calls.get(key) ?? 0 };
}

let reader: { id: number; token: string; nickname: string };
let topicId: number;
beforeAll(async () => {
  const author = await makeStackReader('进程内作者');
  reader = { ...(await makeStackReader('进程内读者')), nickname: '进程内读者' };
  topicId = await postTopicByApi(author.token, '页面的查询不经过 HTTP');
});

describe("a page's queries with the API in the web server's process", () => {
  it('run in process, as the page’s reader, with no HTTP request to the API', async () => {
    const before = await counts();
    // The reader's token as a header: never answered from the page cache, rendered for them.
    const page = await fetch(`${webUrl}/topic/${topicId}`, { headers: { 'X-User-Token': reader.token } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('页面的查询不经过 HTTP');
    // The nav names the reader: the session query ran with their token.
    expect(html).toContain(reader.nickname);
    const after = await counts();
    expect(after.trpcRequests).toBe(before.trpcRequests);
    // Each ran (the session's queries once per loader that asks for them: React Router hands each
    // loader a request of its own, so they do not share one query cache).
    for (const procedure of ['topics.byId', 'users.current', 'comments.list', 'users.profile']) {
      const calls = after.calls(`${procedure} ok`) - before.calls(`${procedure} ok`);
      expect({ procedure, ran: calls >= 1 }).toEqual({ procedure, ran: true });
    }
  });

  it('turns a missing item into the 404 page, as over HTTP', async () => {
    const before = await counts();
    const page = await fetch(`${webUrl}/topic/${topicId + 100_000}`, {
      headers: { 'X-User-Token': reader.token },
    });
    expect(page.status).toBe(404);
    const after = await counts();
    expect(after.calls('topics.byId NOT_FOUND') - before.calls('topics.byId NOT_FOUND')).toBe(1);
    expect(after.trpcRequests).toBe(before.trpcRequests);
  });
});
