/**
 * Mentions in Chromium, on a desktop and a phone: typing `@` and the start of a member's nickname
 * in the comment box opens the `@` list, ↓/Enter (desktop) or a tap (phone) inserts `@username`,
 * the posted comment links to the member's profile, and the member's open page shows the unread
 * badge at once and the message 在话题《…》的评论中提到了你 in 消息; in the tweet and topic forms,
 * Escape closes the list and Tab or Enter picks (Enter adds no new line).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTrpc } from './api';
import { launchBrowser, reviewDevices, screenshot, waitForHydration, webContext, withPage } from './browser';
import { makeStackReader } from './read-model';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const names = { desktop: '提及目标桌面', phone: '提及目标手机' } as const;

async function socketUp(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as { __forumSocket?: { connected: boolean } }).__forumSocket?.connected,
  );
}

describe.each(Object.entries(reviewDevices))('mentions on a %s', (device, options) => {
  it('@ suggests the member, picking inserts @username, and the member is told live', async () => {
    const nickname = names[device as keyof typeof names];
    const author = await makeStackReader(`提及者${device}`);
    const target = await makeStackReader(nickname);
    const title = `提及测试 ${device} ${Date.now().toString(36)}`;
    const topic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title, content: '正文' },
      author.token,
    );

    const targetContext = await webContext(browser, { ...options, token: target.token });
    const authorContext = await webContext(browser, { ...options, token: author.token });
    try {
      const targetPage = await targetContext.newPage();
      await targetPage.goto('/');
      await waitForHydration(targetPage);
      await socketUp(targetPage);

      const page = await authorContext.newPage();
      await page.goto(`/topic/${topic.id}`);
      await waitForHydration(page);
      const editor = page.getByTestId('comments').getByTestId('text-editor').first();
      const box = editor.locator('textarea');
      await box.click();
      await box.pressSequentially(`请 @${nickname.slice(0, 5)}`);
      const list = editor.getByTestId('mention-list');
      const option = list.getByRole('option', { name: new RegExp(nickname) });
      await option.waitFor();
      expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
      await screenshot(page, `mentions-list-${device}`);
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      if (device === 'desktop') {
        await box.press('ArrowDown');
        await box.press('Enter');
      } else {
        await option.tap();
      }
      await list.waitFor({ state: 'detached' });
      const value = await box.inputValue();
      // `makeStackReader` names its members `user<id>`.
      expect(value).toBe(`请 @user${target.id} `);
      expect(await box.getAttribute('aria-controls')).toBeNull();

      await box.pressSequentially('看看');
      await editor.getByRole('button', { name: '发布' }).click();
      const link = page.locator(`[data-testid="comment"] a.mention[href="/user/${target.id}"]`);
      await link.waitFor();
      expect(await link.textContent()).toBe(`@user${target.id}`);
      // It looks like a link inside the plain-text comment, not like the text around it.
      const [linkColor, textColor] = await link.evaluate((element) => [
        getComputedStyle(element).color,
        getComputedStyle(element.parentElement!).color,
      ]);
      expect(linkColor).not.toBe(textColor);

      // The member's open page shows the badge, and 消息 the message with the topic's title.
      const badge = targetPage.getByTestId(
        device === 'desktop' ? 'unread-badge' : 'mobile-header-unread-badge',
      );
      await badge.getByText('1', { exact: true }).waitFor();
      await targetPage.goto('/user/messages');
      await waitForHydration(targetPage);
      const message = targetPage.getByTestId('message').first();
      await message.waitFor();
      expect(await message.textContent()).toContain(`在话题《${title}》的评论中提到了你`);
      await screenshot(targetPage, `mentions-message-${device}`);
    } finally {
      await authorContext.close();
      await targetContext.close();
    }
  });
  it('the tweet and topic forms: Escape closes the list, Tab and Enter pick without a new line', async () => {
    const author = await makeStackReader(`表单提及者${device}`);
    const target = await makeStackReader(`表单目标${device}`);
    const typed = `@表单目标${device.slice(0, 3)}`;
    await withPage(browser, { ...options, token: author.token }, async (page) => {
      await page.goto('/topic/create?type=1');
      await waitForHydration(page);
      const tweet = page.getByTestId('tweet-editor');
      const box = tweet.locator('textarea');
      await box.click();
      await box.pressSequentially(typed);
      const list = tweet.getByTestId('mention-list');
      await list.getByRole('option', { name: new RegExp(`表单目标${device}`) }).waitFor();
      await box.press('Escape');
      await list.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe(typed);
      await box.pressSequentially(device.slice(3, 4));
      await list.getByRole('option', { name: new RegExp(`表单目标${device}`) }).waitFor();
      await box.press('Tab');
      await list.waitFor({ state: 'detached' });
      expect(await box.inputValue()).toBe(`@user${target.id} `);

      await page.goto('/topic/create');
      await waitForHydration(page);
      const topic = page.getByTestId('topic-editor');
      const content = topic.locator('textarea');
      await content.click();
      await content.pressSequentially(`正文 ${typed}`);
      await topic
        .getByTestId('mention-list')
        .getByRole('option', { name: new RegExp(`表单目标${device}`) })
        .waitFor();
      await screenshot(page, `mentions-topic-form-${device}`);
      await content.press('Enter');
      await topic.getByTestId('mention-list').waitFor({ state: 'detached' });
      expect(await content.inputValue()).toBe(`正文 @user${target.id} `);
    });
  });
});
