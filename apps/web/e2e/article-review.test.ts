/**
 * An article under review, as its author lives it: the submit says it waits for review, the 审核中
 * badge is a warning colour, the author (and nobody else) finds it on their own page, and a
 * moderator's approval and rejection arrive as 系统通知 messages with the live unread badge.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc, type Account } from './api';
import { expectToast, launchBrowser, phone, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
const desktopWindow = { viewport: { width: 1366, height: 800 } };
const phoneWindow = { ...phone, viewport: { width: 390, height: 844 } };

let browser: Browser;
let owner: Account;
let author: Account;

beforeAll(async () => {
  owner = await makeStackReader('审核站长', ['owner']);
  author = await makeStackReader('待审作者');
  await callTrpc('mutation', 'config.save', { articlePending: true }, owner.token);
  browser = await launchBrowser();
});
afterAll(async () => {
  await callTrpc('mutation', 'config.save', { articlePending: false }, owner.token);
  await browser?.close();
});

/** The badge's background colour as the browser paints it, as [r, g, b]. */
async function badgeColour(page: Page, testId: string): Promise<number[]> {
  const colour = await page
    .getByTestId(testId)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  return [...colour.matchAll(/[\d.]+/g)].slice(0, 3).map((part) => Number(part[0]));
}

/** Green dominates a colour when its green channel is clearly above red and blue. */
const looksGreen = ([r, g, b]: number[]) => g! > r! + 20 && g! > b! + 20;

async function postArticle(page: Page, title: string): Promise<number> {
  await page.goto('/article/create');
  await waitForHydration(page);
  await page.getByPlaceholder('标题').fill(title);
  await page.getByTestId('article-editor').locator('textarea').fill('这篇文章等待审核。');
  await page.getByTestId('editor-submit').click();
  await expectToast(page, '提交成功，等待审核');
  await page.waitForURL(/\/article\/\d+$/);
  return Number(/\/article\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
}

describe('an article under review', () => {
  it('tells its author it waits, shows them (only them) a warning badge on their page, and tells them the review', async () => {
    const context = await webContext(browser, { ...desktopWindow, token: author.token });
    const page = await context.newPage();
    try {
      const approvedId = await postArticle(page, '语音增强的评测方法');
      await page.getByTestId('article-pending').waitFor();
      expect(looksGreen(await badgeColour(page, 'article-pending'))).toBe(false);
      await screenshot(page, 'article-review-detail');
      const rejectedId = await postArticle(page, '一篇会被拒绝的文章');

      await page.goto(`/user/${author.id}?tab=articles`);
      await waitForHydration(page);
      const list = page.getByTestId('article-list');
      await list.getByText('语音增强的评测方法').waitFor();
      await list.getByText('一篇会被拒绝的文章').waitFor();
      expect(await list.getByTestId('article-pending').count()).toBe(2);
      expect(looksGreen(await badgeColour(page, 'article-pending'))).toBe(false);
      await screenshot(page, 'article-review-own-page');

      // Another reader and a visitor see neither, server-rendered or not.
      const reader = await makeStackReader('路过的读者');
      for (const cookie of [`userToken=${reader.token}`, '']) {
        const html = await (
          await fetch(`${webUrl}/user/${author.id}?tab=articles`, { headers: cookie ? { cookie } : {} })
        ).text();
        expect(html).toContain('待审作者');
        expect(html).not.toContain('语音增强的评测方法');
        expect(html).not.toContain('一篇会被拒绝的文章');
      }

      // The approval reaches the open page's unread badge live; the rejection too.
      const badge = page.getByTestId('desktop-nav').getByTestId('unread-badge');
      expect(await badge.count()).toBe(0);
      await callTrpc('mutation', 'articles.approve', { id: approvedId }, owner.token);
      await badge.getByText('1', { exact: true }).waitFor({ timeout: 15_000 });
      // The owner rejects the other one in the console.
      const console = await webContext(browser, { ...desktopWindow, token: owner.token });
      try {
        const admin = await console.newPage();
        await admin.goto('/admin/articles?status=2');
        await waitForHydration(admin);
        const row = admin.getByTestId(`admin-article-${rejectedId}`);
        await row.getByRole('button', { name: '审核不通过' }).click();
        await admin.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
        await expectToast(admin, '已拒绝');
        await screenshot(admin, 'article-review-console');
      } finally {
        await console.close();
      }
      await badge.getByText('2', { exact: true }).waitFor({ timeout: 15_000 });

      await page.reload();
      await waitForHydration(page);
      await list.getByTestId('article-rejected').waitFor();
      expect(await list.getByTestId('article-pending').count()).toBe(0);
      expect(await list.getByTestId('article-item').count()).toBe(2);
      await screenshot(page, 'article-review-own-page-reviewed');
    } finally {
      await context.close();
    }
  });

  it('shows the review messages and the rejected article on a phone', async () => {
    const writer = await makeStackReader('手机待审作者');
    const articleId = (
      await callTrpc<{ id: number; status: number }>(
        'mutation',
        'articles.create',
        { title: '手机上被拒绝的文章', content: '正文', tags: [] },
        writer.token,
      )
    ).id;
    await callTrpc('mutation', 'articles.delete', { id: articleId }, owner.token);
    const context = await webContext(browser, { ...phoneWindow, token: writer.token });
    const page = await context.newPage();
    try {
      await page.goto('/user/messages');
      await waitForHydration(page);
      await page.getByText('你的文章未通过审核').waitFor({ timeout: 15_000 });
      expect(await page.locator('main').textContent()).toContain('系统通知');
      expect(await page.locator('main').textContent()).toContain('《手机上被拒绝的文章》');
      await screenshot(page, 'article-review-phone-messages');

      await page.goto(`/user/${writer.id}?tab=articles`);
      await waitForHydration(page);
      const item = page.getByTestId('article-item').filter({ hasText: '手机上被拒绝的文章' });
      await item.getByTestId('article-rejected').waitFor();
      expect(await item.getByTestId('article-rejected').textContent()).toBe('未通过审核');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'article-review-phone-own-page');
    } finally {
      await context.close();
    }
  });
});
