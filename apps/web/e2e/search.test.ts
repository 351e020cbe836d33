/**
 * Search end to end: from the nav box to the results (a part of a word found and highlighted),
 * node tabs and the time range, paging, "未搜索到内容", and the keyword history under the box.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { launchBrowser, screenshot, waitForHydration } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
const suffix = Date.now().toString(36);

beforeAll(async () => {
  let author = await makeStackReader('检索作者');
  for (let i = 0; i < 22; i++) {
    // Each author posts a few, under the per-user posting limit.
    if (i > 0 && i % 3 === 0) author = await makeStackReader(`检索作者${i}`);
    await callTrpc(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: `待处理语料${suffix} 第${i}批`, content: '需要重采样和静音切除' },
      author.token,
    );
  }
  // The search queue indexes them a moment later.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await callTrpc<{ total: number }>('query', 'search.query', { keyword: `语料${suffix}` });
    if (page.total >= 22) break;
    if (Date.now() > deadline) throw new Error(`only ${page.total} topics were indexed`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('search', () => {
  it('searches from the nav box, highlights, filters, pages and remembers the keyword', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${webUrl}/`);
      await waitForHydration(page);
      const box = page.getByTestId('desktop-nav').getByRole('searchbox');
      await box.first().fill(`处理语料${suffix}`);
      await box.first().press('Enter');
      await page.waitForURL(/\/search\?q=/);
      await waitForHydration(page);
      const results = page.getByTestId('search-results');
      await results.waitFor();
      expect(await page.getByTestId('search-hit').count()).toBe(20);
      expect(await results.locator('.search-highlight').first().textContent()).toMatch(/处理/);
      await screenshot(page, 'search-results');

      await page.getByTestId('pagination').getByRole('link', { name: '2', exact: true }).click();
      await page.waitForURL(/p=2/);
      await page.getByTestId('search-hit').first().waitFor();
      expect(await page.getByTestId('search-hit').count()).toBe(2);

      await page.getByTestId('search-nodes').getByRole('button', { name: '推荐' }).click();
      await page.waitForURL(/nodeId=-1/);
      await page.getByText('未搜索到内容').waitFor();
      expect(page.url()).not.toMatch(/p=2/);

      await page.getByTestId('search-nodes').getByRole('button', { name: '全部' }).click();
      await page.waitForURL((url) => !url.searchParams.has('nodeId'));
      await page.getByTestId('search-hit').first().waitFor();
      await page.getByLabel('时间范围').selectOption('1');
      await page.waitForURL(/timeRange=1/);
      await page.getByTestId('search-hit').first().waitFor();

      // The keyword is in the history under the box.
      await page.goto(`${webUrl}/`);
      await waitForHydration(page);
      await box.first().fill('处理');
      await page.getByText(`处理语料${suffix}`).first().waitFor();
    } finally {
      await page.close();
    }
  });

  it('a shared link renders on the server, and nothing found says so', async () => {
    const response = await fetch(`${webUrl}/search?q=${encodeURIComponent(`语料${suffix}`)}`);
    expect(await response.text()).toContain('search-highlight');
    const page = await browser.newPage();
    try {
      await page.goto(`${webUrl}/search?q=${encodeURIComponent('量子纠缠不存在的词')}`);
      await page.getByText('未搜索到内容').waitFor();
      // No keyword is not "nothing found": the page asks for one.
      await page.goto(`${webUrl}/search`);
      await page.getByText('请输入关键词进行搜索').waitFor();
      expect(await page.getByText('未搜索到内容').count()).toBe(0);
    } finally {
      await page.close();
    }
  });
});
