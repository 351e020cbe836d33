/**
 * The page cache end to end: visitors' pages are rendered once until a write; signed-in readers of
 * a topic share one render that names none of them, which the browser fills in after hydration;
 * phones and other devices are kept apart.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { launchBrowser, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
const ownerToken = inject('ownerToken');

async function legacyPost(
  path: string,
  values: Record<string, string>,
): Promise<{ data: Record<string, number> }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { 'x-user-token': ownerToken, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  });
  return (await response.json()) as { data: Record<string, number> };
}

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${webUrl}${path}`, { headers });
  return {
    state: response.headers.get('x-page-cache'),
    body: await response.text(),
    status: response.status,
  };
}

describe('the page cache for visitors', () => {
  it('serves a rendered page again until a write changes what it shows', async () => {
    const { data } = await legacyPost('/api/topic/create', {
      title: '缓存里的话题',
      content: '缓存测试的正文',
    });
    const path = `/topic/${data.topicId}`;
    const first = await page(path);
    expect(first).toMatchObject({ status: 200, state: 'miss' });
    expect(first.body).toContain('缓存里的话题');
    // The creation's own projections (the API's, then its event jobs': read model, points, feed)
    // may still drop the cache for a while: ask until an answer comes from it.
    let cached = await page(path);
    for (const deadline = Date.now() + 10_000; cached.state !== 'hit' && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      cached = await page(path);
    }
    expect(cached).toMatchObject({ status: 200, state: 'hit' });
    expect(cached.body).toContain('缓存里的话题');

    await legacyPost('/api/comment/create', {
      entityType: 'topic',
      entityId: String(data.topicId),
      content: '写入之后的新评论',
    });
    await expect
      .poll(async () => (await page(path)).body.includes('写入之后的新评论'), {
        timeout: 2000,
        interval: 100,
      })
      .toBe(true);
  });

  it('answers a reader signed in by cookie from the cache only on topic pages, never one by header', async () => {
    await page('/');
    const signedIn = await page('/', { cookie: `userToken=${ownerToken}` });
    expect(signedIn.state).toBe('bypass');
    expect((await page('/', { 'x-user-token': ownerToken })).state).toBe('bypass');
  });
});

/** Asks until `ask` answers from the cache (a write's projections may drop it for a while). */
async function untilHit(ask: () => ReturnType<typeof page>) {
  let answer = await ask();
  for (const deadline = Date.now() + 10_000; answer.state !== 'hit' && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await ask();
  }
  expect(answer.state).toBe('hit');
  return answer;
}

/** Two answers of one cache entry: asked until both come from it, with no write in between. */
async function twoHits(first: () => ReturnType<typeof page>, second: () => ReturnType<typeof page>) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const a = await untilHit(first);
    const b = await second();
    if ((b.state === 'hit' && a.body === b.body) || Date.now() > deadline) return [a, b] as const;
  }
}

describe('the shared render of a topic for signed-in readers', () => {
  // The owner writes the topic (and is named on it as its author); two other readers read it.
  let first: { id: number; token: string };
  let second: { id: number; token: string };
  let topicId: number;
  const as = (reader: { token: string }) => ({ cookie: `userToken=${reader.token}` });

  beforeAll(async () => {
    first = await makeStackReader('共享页读者甲');
    second = await makeStackReader('共享页读者乙');
    const { data } = await legacyPost('/api/topic/create', {
      title: '两位读者的同一页',
      content: '共享渲染',
    });
    topicId = data.topicId!;
  });

  it('gives two readers the same bytes, naming neither of them', async () => {
    const path = `/topic/${topicId}`;
    const [forFirst, forSecond] = await twoHits(
      () => page(path, as(first)),
      () => page(path, as(second)),
    );
    expect(forFirst.status).toBe(200);
    expect(forSecond.state).toBe('hit');
    expect(forSecond.body).toBe(forFirst.body);
    const html = forSecond.body;
    expect(html).toContain('两位读者的同一页');
    for (const name of ['共享页读者', `reader${first.id}`, `reader${second.id}`]) {
      expect(html).not.toContain(name);
    }
    // The nav keeps the user menu's place, and offers no 登录.
    expect(html).toContain('data-testid="user-menu-pending"');
    expect(html).not.toMatch(/href="\/user\/signin"[^>]*>登录</);
    // Not the visitors' page either.
    const anonymous = await untilHit(() => page(path));
    expect(anonymous.body).not.toBe(html);
    expect(anonymous.body).not.toContain('user-menu-pending');
  });

  it('is not given for headers that once marked internal renders, nor for the X-User-Token header', async () => {
    const path = `/topic/${topicId}`;
    // Renders are made in process: these headers mean nothing, neither forcing a render nor the
    // shared variant.
    const internal = { 'x-page-cache-bypass': '1', 'x-page-shared-viewer': 'not-the-secret' };
    const forgedVisitor = await untilHit(() => page(path, internal));
    expect(forgedVisitor.body).not.toContain('user-menu-pending');
    expect(forgedVisitor.body).toContain('两位读者的同一页');
    const byHeader = await page(path, { 'x-user-token': second.token });
    expect(byHeader.state).toBe('bypass');
    expect(byHeader.body).toContain('共享页读者乙');
    expect(byHeader.body).not.toContain('user-menu-pending');
  });

  it('keeps phones and other devices apart, for visitors and readers alike', async () => {
    const path = `/topic/${topicId}`;
    for (const headers of [{}, as(first)]) {
      const phone = await untilHit(() => page(path, { ...headers, 'user-agent': PHONE }));
      const desktop = await untilHit(() => page(path, { ...headers, 'user-agent': DESKTOP }));
      expect(phone.body).toContain('<body data-device="mobile">');
      expect(desktop.body).toContain('<body data-device="desktop">');
    }
  });

  it("is dropped by a write like the visitors' pages", async () => {
    const path = `/topic/${topicId}`;
    await untilHit(() => page(path, as(second)));
    await legacyPost('/api/comment/create', {
      entityType: 'topic',
      entityId: String(topicId),
      content: '读者页上的新评论',
    });
    await expect
      .poll(async () => (await page(path, as(second))).body.includes('读者页上的新评论'), {
        timeout: 2000,
        interval: 100,
      })
      .toBe(true);
  });
});

describe('filling in the reader after hydration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the reader's menu, unread count, likes and favourite on a shared render", async () => {
    const bob = await makeStackReader('填充的波波');
    const topic = await legacyPost('/api/topic/create', { title: '波波赞过的话题', content: '正文' });
    const topicId = topic.data.topicId!;
    const comment = await legacyPost('/api/comment/create', {
      entityType: 'topic',
      entityId: String(topicId),
      content: '波波也赞了这条评论',
    });
    const commentId = comment.data.commentId!;
    for (const [procedure, input] of [
      ['likes.like', { entityType: 'topic', entityId: topicId }],
      ['favorites.add', { entityType: 'topic', entityId: topicId }],
      ['likes.like', { entityType: 'comment', entityId: commentId }],
    ] as const) {
      await callTrpc('mutation', procedure, input, bob.token);
    }
    // A message for Bob: someone comments on his topic.
    const own = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '波波自己的话题', content: '求评论' },
      bob.token,
    );
    await legacyPost('/api/comment/create', {
      entityType: 'topic',
      entityId: String(own.id),
      content: '来了',
    });
    await expect
      .poll(
        async () =>
          (await callTrpc<{ count: number }>('query', 'messages.recent', undefined, bob.token)).count,
      )
      .toBeGreaterThan(0);
    const unread = (await callTrpc<{ count: number }>('query', 'messages.recent', undefined, bob.token))
      .count;

    const path = `/topic/${topicId}`;
    const cookie = { cookie: `userToken=${bob.token}`, 'user-agent': DESKTOP };
    // Rendered for nobody: Bob is named only among the topic's recent likers.
    const shared = await untilHit(() => page(path, cookie));
    expect(shared.body).toContain('user-menu-pending');

    const context = await webContext(browser, { viewport: { width: 1280, height: 900 }, token: bob.token });
    try {
      const tab = await context.newPage();
      await tab.goto(path);
      // The first load fills its reader in after hydration, which may come after \`goto\` returns:
      // only the reload's requests are counted.
      await waitForHydration(tab);
      await tab.getByTestId('desktop-nav').getByTestId('user-menu').waitFor();
      const asked: string[] = [];
      tab.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/trpc/')) asked.push(request.url());
      });
      await tab.reload();
      await waitForHydration(tab);
      const nav = tab.getByTestId('desktop-nav');
      await nav.getByTestId('user-menu').waitFor();
      expect(await nav.getByTestId('user-menu-pending').count()).toBe(0);
      expect(await nav.getByRole('link', { name: '登录' }).count()).toBe(0);
      expect(await nav.getByTestId('user-menu').textContent()).toContain('填充的波波');
      await expect.poll(() => nav.getByTestId('unread-badge').textContent()).toBe(String(unread));
      await expect.poll(() => tab.getByTestId('like-button').textContent()).toBe('已赞1');
      expect(await tab.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => tab.getByTestId('favorite-button').textContent()).toBe('已收藏');
      const liked = tab.locator(`[data-comment-id="${commentId}"]`).getByTestId('comment-like');
      await expect.poll(() => liked.textContent()).toBe('已赞1');
      expect(await tab.getByTestId('comments').getByTestId('text-editor').count()).toBe(1);
      // All of it in one batch.
      const batches = asked.filter((url) => url.includes('users.current'));
      expect(batches).toHaveLength(1);
      for (const procedure of ['messages.recent', 'likes.likedAmong', 'favorites.isFavorited']) {
        expect(batches[0]).toContain(procedure);
      }
      // The live connection is the reader's.
      await tab.waitForFunction(
        () => (window as { __forumSocket?: { connected: boolean } }).__forumSocket?.connected,
      );
      await screenshot(tab, 'topic-shared-render-filled-in');
    } finally {
      await context.close();
    }
  });

  it('lets a click made before the reader is known wait for the answer', async () => {
    const carol = await makeStackReader('等一等的卡罗');
    const topic = await legacyPost('/api/topic/create', { title: '先点了收藏', content: '正文' });
    const path = `/topic/${topic.data.topicId}`;
    await untilHit(() => page(path, { cookie: `userToken=${carol.token}`, 'user-agent': DESKTOP }));

    const context = await webContext(browser, { viewport: { width: 1280, height: 900 }, token: carol.token });
    try {
      const tab = await context.newPage();
      // The reader's batch is held until the click has been made.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let arrived!: () => void;
      const asked = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      await tab.route(
        (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('users.current'),
        async (route) => {
          arrived();
          await held;
          await route.continue();
        },
      );
      await tab.goto(path);
      await asked;
      expect(await tab.getByTestId('user-menu-pending').count()).toBe(1);
      await tab.getByTestId('favorite-button').click();
      expect(new URL(tab.url()).pathname).toBe(path);
      expect(await tab.getByText('请先登录').count()).toBe(0);
      release();
      await expect.poll(() => tab.getByTestId('favorite-button').textContent()).toBe('已收藏');
      expect(new URL(tab.url()).pathname).toBe(path);
      expect(await tab.getByTestId('user-menu').textContent()).toContain('等一等的卡罗');
      expect(
        await callTrpc(
          'query',
          'favorites.isFavorited',
          { entityType: 'topic', entityId: topic.data.topicId },
          carol.token,
        ),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('brings what the reader may do to the topic with the fill-in, never in the shared render', async () => {
    const dan = await makeStackReader('管事的丹', ['admin']);
    const topic = await legacyPost('/api/topic/create', { title: '丹会推荐的话题', content: '正文' });
    const path = `/topic/${topic.data.topicId}`;
    const shared = await untilHit(() =>
      page(path, { cookie: `userToken=${dan.token}`, 'user-agent': DESKTOP }),
    );
    expect(shared.body).not.toContain('topic-manage-menu');

    const context = await webContext(browser, { viewport: { width: 1280, height: 900 }, token: dan.token });
    try {
      const tab = await context.newPage();
      await tab.goto(path);
      await waitForHydration(tab);
      await tab.getByTestId('topic-manage-menu').hover();
      for (const action of ['修改', '删除', '推荐', '置顶']) {
        await tab.getByRole('menuitem', { name: action, exact: true }).waitFor();
      }
    } finally {
      await context.close();
    }
  });
});
