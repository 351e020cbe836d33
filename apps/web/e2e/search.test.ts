/**
 * Search end to end: from the nav box to the results (a part of a word found and highlighted),
 * node tabs and the time range, paging, "未搜索到内容", the keyword history under the box, and the
 * 相关度/最新 order on a desktop and a phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { desktop, launchBrowser, phone, screenshot, waitForHydration, withPage } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
const suffix = Date.now().toString(36);
/** One word in three topics: the oldest has it as its title's first word, the others in passing. */
const sortWord = `sort${suffix}`;
const sortTopics: number[] = [];

async function waitForIndex(keyword: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = await callTrpc<{ total: number }>('query', 'search.query', { keyword });
    if (page.total >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${page.total} topics were indexed`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

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
  const sorter = await makeStackReader('排序作者');
  for (const [title, content] of [
    [`${sortWord} 的使用记录`, '标题的第一个词就是要找的词'],
    ['另一个话题 第一篇', `正文顺带提到 ${sortWord} 一次，还有很多别的内容和讨论`],
    ['另一个话题 第二篇', `正文顺带提到 ${sortWord} 一次，还有很多别的内容和讨论`],
  ]) {
    const created = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title, content },
      sorter.token,
    );
    sortTopics.push(created.id);
    // Distinct creation times, so 最新 has one order.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // The search queue indexes them a moment later.
  await waitForIndex(`语料${suffix}`, 22);
  await waitForIndex(sortWord, 3);
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
      await page.goto(`${webUrl}/search?q=${encodeURIComponent('猫粮哪个牌子好')}`);
      await page.getByText('未搜索到内容').waitFor();
      expect(await page.getByTestId('search-empty').textContent()).toContain(
        '没有找到与“猫粮哪个牌子好”相关的内容',
      );
      // No keyword is not "nothing found": the page asks for one.
      await page.goto(`${webUrl}/search`);
      await page.getByText('请输入关键词进行搜索').waitFor();
      expect(await page.getByText('未搜索到内容').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  for (const [name, device] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    it(`orders by 相关度 or 最新 on a ${name}`, async () => {
      await withPage(browser, device, async (page) => {
        const hits = async () =>
          Promise.all(
            (await page.getByTestId('search-hit').locator('a[href^="/topic/"]').all()).map(async (link) =>
              Number((await link.getAttribute('href'))!.split('/').pop()),
            ),
          );
        await page.goto(`/search?q=${sortWord}`);
        await waitForHydration(page);
        const sort = page.getByTestId('search-sort');
        expect(await sort.getByRole('button', { name: '相关度' }).getAttribute('aria-pressed')).toBe('true');
        // By relevance the topic whose title begins with the word comes first, though it is the oldest.
        expect(await hits()).toEqual([sortTopics[0], sortTopics[2], sortTopics[1]]);
        await sort.getByRole('button', { name: '最新' }).click();
        await page.waitForURL(/sort=newest/);
        await page.waitForFunction(
          (first) => document.querySelector('[data-testid="search-hit"] a')?.getAttribute('href') === first,
          `/topic/${sortTopics[2]}`,
        );
        expect(await hits()).toEqual([...sortTopics].reverse());
        expect(await sort.getByRole('button', { name: '最新' }).getAttribute('aria-pressed')).toBe('true');
        // Nothing sticks out of a phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          device.viewport.width,
        );
        await screenshot(page, `search-sort-${name}`);
        // The order is in the link, rendered on the server.
        const html = await (await fetch(`${webUrl}/search?q=${sortWord}&sort=newest`)).text();
        expect(html.indexOf(`/topic/${sortTopics[2]}`)).toBeLessThan(html.indexOf(`/topic/${sortTopics[0]}`));
      });
    });
  }
});
