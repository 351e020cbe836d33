/**
 * Blocking (屏蔽) as members live it (docs/moderation.md): a member blocks another from their profile;
 * the blocked member's topic and comment are folded behind "已屏蔽，点击查看" on lists and topic pages;
 * the blocked member is told clearly that they cannot follow; on a phone the account settings list
 * the block and undo it.
 */
import type { Browser } from 'playwright-core';
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

describe('blocking', () => {
  it('folds a blocked member’s topic and comment for the blocker, and refuses their follow', async () => {
    const [blocker, noisy] = [await makeStackReader('安静的读者'), await makeStackReader('吵闹的发帖人')];
    const noisyTopic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '吵闹的话题标题', content: '不想看到的正文' },
      noisy.token,
    );
    const ownTopic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '安静读者的话题', content: '正文' },
      blocker.token,
    );
    await callTrpc(
      'mutation',
      'comments.create',
      { entityType: 'topic', entityId: ownTopic.id, content: '不想看到的评论' },
      noisy.token,
    );

    await withPage(browser, { ...desktopWindow, token: blocker.token }, async (page) => {
      await page.goto(`/user/${noisy.id}`);
      await waitForHydration(page);
      await page.getByTestId('block-button').click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
      await expectToast(page, '已屏蔽');
      await page.getByTestId('block-button').getByText('取消屏蔽').waitFor();

      await page.goto(`/topic/${noisyTopic.id}`);
      await waitForHydration(page);
      const fold = page.getByTestId('blocked-fold').first();
      await fold.getByText('已屏蔽，点击查看').waitFor();
      expect(await page.getByTestId('topic-content').count()).toBe(0);
      await screenshot(page, 'blocked-topic-folded-desktop');
      await fold.getByText('已屏蔽，点击查看').click();
      await page.getByTestId('topic-content').getByText('不想看到的正文').waitFor();

      await page.goto(`/topic/${ownTopic.id}`);
      await waitForHydration(page);
      const comment = page.getByTestId('comment').filter({ hasText: '吵闹的发帖人' });
      await comment.getByText('已屏蔽，点击查看').waitFor();
      expect(await comment.getByText('不想看到的评论').count()).toBe(0);
      await screenshot(page, 'blocked-comment-folded-desktop');

      await page.goto('/topics');
      await waitForHydration(page);
      const row = page.locator(`[data-topic-id="${noisyTopic.id}"]`);
      await row.getByText('已屏蔽，点击查看').waitFor();
      expect(await row.getByText('吵闹的话题标题').count()).toBe(0);
      await screenshot(page, 'blocked-topic-list-desktop');
    });

    await withPage(browser, { ...desktopWindow, token: noisy.token }, async (page) => {
      await page.goto(`/user/${blocker.id}`);
      await waitForHydration(page);
      await page.getByTestId('follow-button').click();
      await expectToast(page, '对方已将你屏蔽，无法关注');
    });
  });

  it('on a phone, the account settings list the blocks and undo one', async () => {
    const [blocker, other] = [await makeStackReader('手机屏蔽者'), await makeStackReader('被手机屏蔽的人')];
    await callTrpc('mutation', 'blocks.block', { userId: other.id }, blocker.token);
    await withPage(browser, { ...phoneWindow, token: blocker.token }, async (page) => {
      await page.goto('/user/profile/account');
      await waitForHydration(page);
      const list = page.getByTestId('block-list');
      await list.getByText('被手机屏蔽的人').waitFor();
      await screenshot(page, 'block-list-phone');
      await list.getByRole('button', { name: '取消屏蔽' }).click();
      await expectToast(page, '已取消屏蔽');
      await page.getByText('你还没有屏蔽任何人').waitFor();

      await page.goto(`/user/${other.id}`);
      await waitForHydration(page);
      await page.getByTestId('block-button').getByText('屏蔽').waitFor();
      await screenshot(page, 'block-button-phone');
    });
  });
});
