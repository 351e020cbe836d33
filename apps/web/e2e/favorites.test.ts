/** "我的收藏" end to end: favourites made over the API appear server-rendered and can be removed. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, waitForHydration, webContext } from './browser';
import { callTrpc } from './api';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
/** A reader of this file's own: other files sign the shared owner out. */
let token: string;

beforeAll(async () => {
  token = (await makeStackReader('收藏读者')).token;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('my favourites', () => {
  it('lists what I favourited, server-rendered, and removes an entry', async () => {
    const topic = await callTrpc<any>(
      'mutation',
      'topics.create',
      {
        type: 0,
        nodeId: 1,
        title: '收藏测试：端点检测的阈值怎么选',
        content: 'VAD 阈值的经验。',
      },
      token,
    );
    await callTrpc<any>('mutation', 'favorites.add', { entityType: 'topic', entityId: topic.id }, token);

    const html = await (
      await fetch(`${webUrl}/user/favorites`, { headers: { cookie: `userToken=${token}` } })
    ).text();
    expect(html).toContain('<title>我的收藏 | ');
    expect(html).toContain('收藏测试：端点检测的阈值怎么选');

    const context = await webContext(browser, { viewport: { width: 1280, height: 900 }, token });
    const page = await context.newPage();
    try {
      await page.goto(`${webUrl}/user/favorites`);
      await waitForHydration(page);
      const item = page.getByTestId('favorite-item').filter({ hasText: '收藏测试：端点检测的阈值怎么选' });
      expect(await item.getByRole('link').getAttribute('href')).toBe(`/topic/${topic.id}`);
      await screenshot(page, 'user-favorites');
      await item.getByRole('button', { name: '取消收藏' }).click();
      await page.getByText('已取消收藏').waitFor();
      expect(await item.count()).toBe(0);
      expect(
        await callTrpc('query', 'favorites.isFavorited', { entityType: 'topic', entityId: topic.id }, token),
      ).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('sends a visitor to sign in', async () => {
    const response = await fetch(`${webUrl}/user/favorites`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/user/signin?ref=%2Fuser%2Ffavorites');
  });
});
