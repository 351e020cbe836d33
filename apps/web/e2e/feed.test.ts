/**
 * The 关注 tab end to end: a signed-in user who follows an author finds the author's topic there
 * (put into the feed by the worker's `feed` queue); a visitor sees no such tab.
 */
import type { Browser } from 'playwright-core';
import type { Redis } from '@forum/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { launchBrowser, screenshot, waitForHydration } from './browser';

const webUrl = inject('webUrl');
const redisPrefix = inject('redisPrefix');
const ownerToken = inject('ownerToken');

let redis: Redis;
let browser: Browser;

beforeAll(async () => {
  const { createRedis } = await import('@forum/core');
  redis = createRedis(inject('redisUrl'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  redis?.disconnect();
});

const trpc = callTrpc;

async function signUp(nickname: string, email: string): Promise<{ id: number; token: string }> {
  const { captchaId } = await trpc<{ captchaId: string }>('mutation', 'auth.captcha', {});
  const captchaCode = await redis.get(`${redisPrefix}captcha:${captchaId}`);
  const session = await trpc<{ token: string; user: { id: number } }>('mutation', 'auth.signup', {
    captchaId,
    captchaCode,
    nickname,
    email,
    password: 'secret-123',
    rePassword: 'secret-123',
  });
  return { id: session.user.id, token: session.token };
}

describe('the 关注 tab', () => {
  it('shows a signed-in user the topics of the authors they follow', async () => {
    const suffix = Date.now().toString(36);
    const author = await signUp(`关注作者${suffix}`, `feed-author-${suffix}@example.com`);
    const title = `关注流里的话题 ${suffix}`;
    await trpc(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title, content: '说话人分离的新进展' },
      author.token,
    );
    await trpc('mutation', 'follows.follow', { userId: author.id }, ownerToken);
    // The worker copies the followed author's topics into the feed.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const feed = await trpc<{ results: { title: string }[] }>('query', 'topics.feed', {}, ownerToken);
      if (feed.results.some((topic) => topic.title === title)) break;
      if (Date.now() > deadline) throw new Error('the topic never reached the feed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 800 } });
    try {
      await context.addCookies([{ name: 'userToken', value: ownerToken, url: webUrl }]);
      const page = await context.newPage();
      await page.goto('/topics');
      await waitForHydration(page);
      await page.getByTestId('topics-nav').getByRole('link', { name: '关注' }).click();
      await page.waitForURL('**/topics/node/feed');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="topics-nav"] [aria-current="page"]')?.textContent === '关注',
      );
      expect(await page.title()).toMatch(/^关注 \| /);
      const titles = await page.getByTestId('topic-list').getByTestId('topic-title').allTextContents();
      expect(titles).toContain(title);
      await screenshot(page, 'topics-feed');
    } finally {
      await context.close();
    }
  });

  it('is not offered to a visitor, and its address asks them to sign in', async () => {
    const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto('/topics');
      await waitForHydration(page);
      const nav = page.getByTestId('topics-nav');
      expect(await nav.getByRole('link', { name: '推荐' }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: '关注' }).count()).toBe(0);

      await page.goto('/topics/node/feed');
      expect(new URL(page.url()).pathname).toBe('/user/signin');
    } finally {
      await context.close();
    }
  });
});
