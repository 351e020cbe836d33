/**
 * The 关注 tab end to end: a signed-in user who follows an author finds the author's topic there
 * (put into the feed by the worker's `feed` queue) and no site-wide sticky topic of a stranger; a
 * visitor sees no such tab.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc, signUpByApi } from './api';
import { clickThrough, desktop, launchBrowser, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const ownerToken = inject('ownerToken');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const trpc = callTrpc;

describe('the 关注 tab', () => {
  it('shows a signed-in user the topics of the authors they follow', async () => {
    const suffix = Date.now().toString(36);
    const author = await signUpByApi(`关注作者${suffix}`, `feed-author-${suffix}@example.com`);
    const title = `关注流里的话题 ${suffix}`;
    await trpc(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title, content: '说话人分离的新进展' },
      author.token,
    );
    await trpc('mutation', 'follows.follow', { userId: author.id }, ownerToken);
    // A site-wide sticky topic by someone the owner does not follow stays off the feed.
    // Made in the database: sign-ups from one address are rate-limited, and this file has one.
    const stranger = await makeStackReader(`陌生人${suffix}`);
    const stickyTitle = `全站置顶 ${suffix}`;
    const sticky = await trpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: stickyTitle, content: '公告' },
      stranger.token,
    );
    await trpc('mutation', 'topics.setSticky', { id: sticky.id, sticky: true }, ownerToken);
    // The worker copies the followed author's topics into the feed.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const feed = await trpc<{ results: { title: string }[] }>('query', 'topics.feed', {}, ownerToken);
      if (feed.results.some((topic) => topic.title === title)) break;
      if (Date.now() > deadline) throw new Error('the topic never reached the feed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const context = await webContext(browser, { ...desktop, token: ownerToken });
    try {
      const page = await context.newPage();
      await page.goto('/topics');
      await waitForHydration(page);
      await clickThrough(
        page,
        page.getByTestId('topics-nav').getByRole('link', { name: '关注' }),
        '**/topics/node/feed',
      );
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="topics-nav"] [aria-current="page"]')?.textContent === '关注',
      );
      expect(await page.title()).toMatch(/^关注 \| /);
      const titles = await page.getByTestId('topic-list').getByTestId('topic-title').allTextContents();
      expect(titles).toContain(title);
      expect(titles).not.toContain(stickyTitle);
      expect(await page.getByTestId('sticky-topics').count()).toBe(0);
      await screenshot(page, 'topics-feed');
    } finally {
      await context.close();
      await trpc('mutation', 'topics.setSticky', { id: sticky.id, sticky: false }, ownerToken);
    }
  });

  it('is not offered to a visitor, and its address asks them to sign in', async () => {
    const context = await webContext(browser, desktop);
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
