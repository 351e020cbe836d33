/**
 * Live updates end to end, in two signed-in browsers: A comments on B's topic and B's badge turns
 * to 1 while the comment appears on B's open topic page without a reload; a new topic raises the
 * banner on B's home page; B reads the message and the badge clears in B's other tab; and a tab
 * whose socket was down catches up when it reconnects.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { launchBrowser, phone, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
let a: { id: number; token: string };
let b: { id: number; token: string };
let contextA: BrowserContext;
let contextB: BrowserContext;

beforeAll(async () => {
  a = await makeStackReader('实时评论者');
  b = await makeStackReader('实时楼主');
  browser = await launchBrowser();
  contextA = await webContext(browser, { viewport: { width: 1280, height: 900 }, token: a.token });
  contextB = await webContext(browser, { viewport: { width: 1280, height: 900 }, token: b.token });
});
afterAll(async () => {
  await contextA?.close();
  await contextB?.close();
  await browser?.close();
});

async function openTab(path: string, context = contextB): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${webUrl}${path}`);
  await waitForHydration(page);
  // The socket is up once the tab's client has connected.
  await page.waitForFunction(
    () => (window as { __forumSocket?: { connected: boolean } }).__forumSocket?.connected,
  );
  return page;
}

const badgeText = (page: Page) => page.getByTestId('message-notice').textContent();

function comment(entityId: number, content: string): Promise<{ id: number }> {
  return callTrpc('mutation', 'comments.create', { entityType: 'topic', entityId, content }, a.token);
}

describe('live updates', () => {
  it('badge, live comment, new-topic banner, read in one tab clears the other, reconnect catches up', async () => {
    const topic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '流式语音识别的延迟怎么降', content: '求教' },
      b.token,
    );
    const topicTab = await openTab(`/topic/${topic.id}`);
    const homeTab = await openTab('/');
    expect(await topicTab.getByTestId('unread-badge').count()).toBe(0);

    // A comments in A's browser: B's badge turns to 1 in both tabs and the comment appears in place.
    const pageA = await openTab(`/topic/${topic.id}`, contextA);
    const box = pageA.getByTestId('comments').getByTestId('text-editor').first();
    await box.locator('textarea').fill('试试 chunk 更小的流式 Conformer');
    await box.locator('textarea').press('Control+Enter');
    await topicTab.getByTestId('unread-badge').getByText('1', { exact: true }).waitFor();
    await homeTab.getByTestId('unread-badge').getByText('1', { exact: true }).waitFor();
    const live = topicTab.locator('[data-testid="comment"][data-live]').first();
    await live.waitFor();
    const first = { id: Number(await live.getAttribute('data-comment-id')) };
    expect(await live.getAttribute('data-live')).toBe('true');
    expect(await live.textContent()).toContain('试试 chunk 更小的流式 Conformer');
    await topicTab.getByText('1条评论', { exact: true }).waitFor();
    await screenshot(topicTab, 'live-comment');

    // A new topic raises the banner on B's home page; clicking it shows the topic.
    const title = `新话题 ${Date.now().toString(36)}`;
    await callTrpc('mutation', 'topics.create', { type: 0, nodeId: 0, title, content: '正文' }, a.token);
    const banner = homeTab.getByTestId('new-topics-banner');
    await banner.getByText('有 1 个新话题，点击刷新').waitFor();
    await screenshot(homeTab, 'new-topics-banner');
    await banner.click();
    await homeTab.getByTestId('topic-list').getByText(title).waitFor();
    expect(await banner.count()).toBe(0);

    // B reads the message in the topic tab; the home tab's badge clears.
    await topicTab.getByTestId('message-notice').click();
    await topicTab.getByTestId('messages').waitFor();
    const message = topicTab.getByTestId('message').first();
    expect(await message.textContent()).toContain('回复了你的话题');
    expect(await message.textContent()).toContain('试试 chunk 更小的流式 Conformer');
    expect(await message.textContent()).toContain('《流式语音识别的延迟怎么降》');
    await screenshot(topicTab, 'user-messages');
    await homeTab.waitForFunction(() => !document.querySelector('[data-testid="unread-badge"]'));
    expect(await badgeText(homeTab)).toBe('消息');

    // The topic tab's socket goes down; A comments; when it is back the count and comment arrive.
    await topicTab.goto(`${webUrl}/topic/${topic.id}`);
    await waitForHydration(topicTab);
    await topicTab.waitForFunction(
      () => (window as { __forumSocket?: { connected: boolean } }).__forumSocket?.connected,
    );
    await topicTab.evaluate(() =>
      (window as unknown as { __forumSocket: { disconnect(): void } }).__forumSocket.disconnect(),
    );
    const missed = await comment(topic.id, '断线期间的评论');
    // The other tab, still connected, proves the message exists before the first one reconnects.
    await homeTab.getByTestId('unread-badge').getByText('1', { exact: true }).waitFor();
    expect(await topicTab.getByTestId('unread-badge').count()).toBe(0);
    await topicTab.evaluate(() =>
      (window as unknown as { __forumSocket: { connect(): void } }).__forumSocket.connect(),
    );
    await topicTab.getByTestId('unread-badge').getByText('1', { exact: true }).waitFor();
    await topicTab.locator(`[data-testid="comment"][data-comment-id="${missed.id}"]`).waitFor();
    expect(await topicTab.locator(`[data-comment-id="${first.id}"]`).count()).toBe(1);
  });

  it('shows a phone reader the unread count on the bar, with the sidebar closed', async () => {
    const topic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '手机上的消息提醒', content: '正文' },
      b.token,
    );
    const context = await webContext(browser, { ...phone, token: b.token });
    try {
      const page = await context.newPage();
      await page.goto(`${webUrl}/`);
      await waitForHydration(page);
      await page.waitForFunction(
        () => (window as { __forumSocket?: { connected: boolean } }).__forumSocket?.connected,
      );
      // What B left unread before counts too: the badge must go up by one, live.
      const badge = page.getByTestId('mobile-header-unread-badge');
      const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
      await comment(topic.id, '手机上也要看得到');
      await badge.getByText(String(before + 1), { exact: true }).waitFor();
      expect(await page.getByTestId('mobile-sidebar').getAttribute('data-open')).toBe('false');
      expect(await badge.isVisible()).toBe(true);
      await screenshot(page, 'phone-unread-badge');
    } finally {
      await context.close();
    }
  });
});
