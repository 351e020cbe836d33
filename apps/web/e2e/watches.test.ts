/**
 * Watching topics (关注此话题, docs/events-and-jobs.md "Watched topics") as members live it: on a
 * desktop a reader watches someone's topic, two comments arrive as one message with the live badge,
 * which the messages page shows; on a phone a reader watches with the button, hears of a comment on
 * the bar's badge, then turns a default off and stops watching from the account settings.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTrpc } from './api';
import { expectToast, launchBrowser, phone, screenshot, waitForHydration, withPage } from './browser';
import { makeStackReader } from './read-model';

const desktopWindow = { viewport: { width: 1366, height: 800 } };
const phoneWindow = { ...phone, viewport: { width: 390, height: 844 } };

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const topicBy = (token: string, title: string) =>
  callTrpc<{ id: number }>(
    'mutation',
    'topics.create',
    { type: 0, nodeId: 0, title, content: '正文' },
    token,
  );

const commentOn = (token: string, topicId: number, content: string) =>
  callTrpc('mutation', 'comments.create', { entityType: 'topic', entityId: topicId, content }, token);

/** The page is live once its socket is up (the badge then moves without a reload). */
async function live(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as { __forumSocket?: { connected: boolean } }).__forumSocket?.connected,
  );
}

async function watchFromTopicPage(page: Page, topicId: number): Promise<void> {
  await page.goto(`/topic/${topicId}`);
  await waitForHydration(page);
  const button = page.getByTestId('watch-button');
  await button.getByText('关注此话题', { exact: true }).waitFor();
  await button.click();
  await expectToast(page, '已关注此话题，有新评论时会通知你');
  await button.getByText('已关注此话题', { exact: true }).waitFor();
  expect(await button.getAttribute('aria-pressed')).toBe('true');
}

describe('watching topics', () => {
  it('on a desktop: watch a topic, two comments make one message with the live badge', async () => {
    const [author, watcher, commenter] = [
      await makeStackReader('话题作者'),
      await makeStackReader('关注话题的读者'),
      await makeStackReader('热心评论者'),
    ];
    const topic = await topicBy(author.token, '唤醒词检测的误报率');
    const own = await topicBy(watcher.token, '读者自己的话题');
    await withPage(browser, { ...desktopWindow, token: watcher.token }, async (page) => {
      await watchFromTopicPage(page, topic.id);
      await screenshot(page, 'watch-button-desktop');
      // The page again, as the cache's shared render: the reader's batch brings their watch.
      await page.reload();
      await waitForHydration(page);
      await page.getByTestId('watch-button').getByText('已关注此话题', { exact: true }).waitFor();
      await live(page);
      expect(await page.getByTestId('unread-badge').count()).toBe(0);

      await commentOn(commenter.token, topic.id, '误报多半来自电视声');
      await page.getByTestId('unread-badge').getByText('1', { exact: true }).waitFor();
      // A second comment of the burst adds no message; a comment on the reader's own topic does.
      await commentOn(commenter.token, topic.id, '加一个说话人验证');
      await commentOn(commenter.token, own.id, '你的话题也很好');
      await page.getByTestId('unread-badge').getByText('2', { exact: true }).waitFor();

      await page.getByTestId('message-notice').click();
      await page.getByTestId('messages').waitFor();
      const messages = page.getByTestId('message');
      const watched = messages.filter({ hasText: '评论了你关注的话题' });
      expect(await watched.count()).toBe(1);
      expect(await watched.textContent()).toContain('《唤醒词检测的误报率》');
      expect(await watched.textContent()).toContain('误报多半来自电视声');
      expect(await messages.filter({ hasText: '回复了你的话题' }).count()).toBe(1);
      await screenshot(page, 'watch-message-desktop');
    });
  });

  it('on a phone: watch with the button, the bar’s badge shows the comment, settings turn it off', async () => {
    const [author, watcher, commenter] = [
      await makeStackReader('手机话题作者'),
      await makeStackReader('手机关注者'),
      await makeStackReader('手机评论者'),
    ];
    const topic = await topicBy(author.token, '车载语音的降噪方案');
    await withPage(browser, { ...phoneWindow, token: watcher.token }, async (page) => {
      await watchFromTopicPage(page, topic.id);
      await screenshot(page, 'watch-button-phone');
      await live(page);
      await commentOn(commenter.token, topic.id, '试试波束成形');
      await page.getByTestId('mobile-header-unread-badge').getByText('1', { exact: true }).waitFor();

      await page.goto('/user/profile/account');
      await waitForHydration(page);
      const replied = page.getByTestId('watch-replied-switch');
      expect(await replied.getAttribute('aria-checked')).toBe('true');
      await replied.click();
      await expectToast(page, '设置已保存');
      await page.locator('[data-testid="watch-replied-switch"][aria-checked="false"]').waitFor();
      const list = page.getByTestId('watch-list');
      await list.getByText('车载语音的降噪方案').waitFor();
      await screenshot(page, 'watch-settings-phone');
      await list.getByRole('button', { name: '取消关注' }).click();
      await expectToast(page, '已取消关注此话题');
      await page.getByText('你还没有关注任何话题').waitFor();

      await page.goto(`/topic/${topic.id}`);
      await waitForHydration(page);
      await page.getByTestId('watch-button').getByText('关注此话题', { exact: true }).waitFor();
    });
    const account = await callTrpc<{ watchRepliedTopics: boolean }>(
      'query',
      'users.account',
      undefined,
      watcher.token,
    );
    expect(account.watchRepliedTopics).toBe(false);
  });
});
