/**
 * Editing one's own comment and tweet in Chromium, on a desktop and a phone: 编辑 opens the text in
 * place, a refused text shows under the box, the saved text replaces the old one with 已编辑 beside
 * the time; another member sees no 编辑, and a moderator reads the versions in 历史版本.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTrpc, type Account } from './api';
import { expectToast, launchBrowser, reviewDevices, screenshot, waitForHydration, withPage } from './browser';
import { makeStackReader } from './read-model';

let browser: Browser;
let author: Account;
let other: Account;
let moderator: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  author = await makeStackReader('改评论的人');
  other = await makeStackReader('旁观的人');
  moderator = await makeStackReader('看历史的管理员', ['admin']);
});
afterAll(async () => {
  await browser?.close();
});

const devices = reviewDevices;

describe.each(Object.entries(devices))('editing on a %s', (device, options) => {
  it('a member edits their comment in place; the edit is marked and a moderator reads both versions', async () => {
    const topic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: `可以改评论的话题 ${device}`, content: '正文' },
      other.token,
    );
    const comment = await callTrpc<{ id: number }>(
      'mutation',
      'comments.create',
      { entityType: 'topic', entityId: topic.id, content: '原来的评论，有错字' },
      author.token,
    );

    await withPage(browser, { ...options, token: author.token }, async (page) => {
      await page.goto(`/topic/${topic.id}`);
      await waitForHydration(page);
      const item = page.locator(`[data-testid="comment"][data-comment-id="${comment.id}"]`);
      await item.getByTestId('edit-comment').click();
      const editor = item.getByTestId('inline-editor');
      const box = editor.locator('textarea');
      await box.waitFor();
      expect(await box.inputValue()).toBe('原来的评论，有错字');

      // Emptied, it is refused under the box, as on creation.
      await box.fill('');
      await editor.getByRole('button', { name: '保存' }).click();
      const error = page.getByTestId('field-error-content');
      await error.waitFor();
      expect(await error.textContent()).toBe('请输入评论内容');
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `edits-comment-error-${device}`);

      await box.fill('改过的评论，没有错字了');
      expect(await error.count()).toBe(0);
      await editor.getByRole('button', { name: '保存' }).click();
      await expectToast(page, '修改成功');
      await item.getByTestId('edited-mark').waitFor();
      expect(await item.getByTestId('comment-content').first().textContent()).toBe('改过的评论，没有错字了');
      expect(await item.getByTestId('inline-editor').count()).toBe(0);
      await item.scrollIntoViewIfNeeded();
      await screenshot(page, `edits-comment-saved-${device}`);

      // After a reload too: the page reads the stored text.
      await page.reload();
      await waitForHydration(page);
      expect(await item.getByTestId('comment-content').first().textContent()).toBe('改过的评论，没有错字了');
      expect(await item.getByTestId('edited-mark').textContent()).toContain('已编辑');
      // A member sees no history.
      expect(await item.getByTestId('edit-history').count()).toBe(0);
    });

    await withPage(browser, { ...options, token: other.token }, async (page) => {
      await page.goto(`/topic/${topic.id}`);
      await waitForHydration(page);
      const item = page.locator(`[data-testid="comment"][data-comment-id="${comment.id}"]`);
      await item.getByTestId('edited-mark').waitFor();
      expect(await item.getByTestId('edit-comment').count()).toBe(0);
    });

    await withPage(browser, { ...options, token: moderator.token }, async (page) => {
      await page.goto(`/topic/${topic.id}`);
      await waitForHydration(page);
      const item = page.locator(`[data-testid="comment"][data-comment-id="${comment.id}"]`);
      await item.getByTestId('edit-history').click();
      const dialog = page.getByTestId('edit-history-dialog');
      await dialog.getByTestId('edit-version').nth(1).waitFor();
      expect(await dialog.getByTestId('edit-version-content').allTextContents()).toEqual([
        '改过的评论，没有错字了',
        '原来的评论，有错字',
      ]);
      await screenshot(page, `edits-history-${device}`);
    });
  });

  it('a member edits their tweet in place, and the page shows it as edited', async () => {
    const tweet = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 1, nodeId: 0, content: `原来的动态 ${device}` },
      author.token,
    );
    await withPage(browser, { ...options, token: author.token }, async (page) => {
      await page.goto(`/topic/${tweet.id}`);
      await waitForHydration(page);
      const detail = page.getByTestId('topic-detail');
      expect(await detail.getByTestId('edited-mark').count()).toBe(0);
      await detail.getByTestId('edit-tweet').click();
      const box = detail.getByTestId('inline-editor').locator('textarea');
      await box.waitFor();
      expect(await box.inputValue()).toBe(`原来的动态 ${device}`);
      await box.fill(`改过的动态 ${device}`);
      await screenshot(page, `edits-tweet-editing-${device}`);
      await detail.getByRole('button', { name: '保存' }).click();
      await expectToast(page, '修改成功');
      await detail.getByTestId('edited-mark').waitFor();
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="topic-content"]')?.textContent?.includes(text),
        `改过的动态 ${device}`,
      );
      await screenshot(page, `edits-tweet-saved-${device}`);
    });
    await withPage(browser, { ...options, token: other.token }, async (page) => {
      await page.goto(`/topic/${tweet.id}`);
      await waitForHydration(page);
      const detail = page.getByTestId('topic-detail');
      expect(await detail.getByTestId('topic-content').textContent()).toContain(`改过的动态 ${device}`);
      await detail.getByTestId('edited-mark').waitFor();
      expect(await detail.getByTestId('edit-tweet').count()).toBe(0);
    });
  });
});
