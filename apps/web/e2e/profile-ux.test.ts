/**
 * What a reader notices on profiles and lists: 注册排名 is a place in registration order (not the
 * user id), times read the same everywhere (`发布于 3分钟前`, the exact minute on hover, never
 * seconds), and topics are 话题 in every word the web app says about them.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc, type Account } from './api';
import { launchBrowser, phone, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const desktopWindow = { viewport: { width: 1366, height: 800 } };
const phoneWindow = { ...phone, viewport: { width: 390, height: 844 } };

let browser: Browser;
let reader: Account;

/** A member imported from an older site: registered long ago, with a newer id than everyone here. */
async function buildOldMember(): Promise<number> {
  const core = await import('@forum/core');
  const { buildUser } = await import('@forum/core/testing');
  await core.connectDatabase(process.env.MONGO_URL!, inject('redisPrefix').replace(/:$/, ''));
  const redis = core.createRedis(inject('redisUrl'));
  core.initKv(redis, inject('redisPrefix'));
  try {
    return (await buildUser({ nickname: '元老会员', createTime: Date.UTC(2015, 0, 1) }))._id;
  } finally {
    core.clearKv();
    await redis.quit();
    await core.disconnectDatabase();
  }
}

const rankOf = async (id: number) =>
  (await callTrpc<{ registrationRank: number }>('query', 'users.profile', { id })).registrationRank;

async function shownRank(page: Page, userId: number): Promise<{ text: string; title: string }> {
  await page.goto(`/user/${userId}`);
  await waitForHydration(page);
  const rank = page.getByTestId('my-counts').getByTestId('registration-rank');
  return { text: (await rank.textContent()) ?? '', title: (await rank.getAttribute('title')) ?? '' };
}

beforeAll(async () => {
  reader = await makeStackReader('排名读者');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('profiles and lists as readers see them', () => {
  it('shows 注册排名 as the place in registration order, on the profile and the author card', async () => {
    const before = await rankOf(reader.id);
    const oldMember = await buildOldMember();
    // Registered before everyone, so it is first and everyone else moves one place down.
    expect(await rankOf(oldMember)).toBe(1);
    expect(await rankOf(reader.id)).toBe(before + 1);
    const context = await webContext(browser, { ...desktopWindow, token: reader.token });
    const page = await context.newPage();
    try {
      expect(await shownRank(page, oldMember)).toEqual({ text: '1', title: '第 1 位会员' });
      const own = await shownRank(page, reader.id);
      expect(own).toEqual({ text: String(before + 1), title: `第 ${before + 1} 位会员` });
      await screenshot(page, 'profile-registration-rank');

      const topic = await callTrpc<{ id: number }>(
        'mutation',
        'topics.create',
        { type: 0, nodeId: 0, title: '排名读者的话题', content: '看看作者卡片' },
        reader.token,
      );
      await page.goto(`/topic/${topic.id}`);
      await waitForHydration(page);
      const card = page.getByTestId('author-card');
      await card.getByTestId('registration-rank').waitFor();
      expect(await card.getByTestId('registration-rank').textContent()).toBe(String(before + 1));
    } finally {
      await context.close();
    }
  });

  it('writes times one way everywhere and calls topics 话题, on desktop and on a phone', async () => {
    const topic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '时间格式统一的话题', content: '列表和详情的时间' },
      reader.token,
    );
    await callTrpc(
      'mutation',
      'comments.create',
      { entityType: 'topic', entityId: topic.id, content: '评论的时间', contentType: 'text' },
      reader.token,
    );
    for (const [name, window] of [
      ['desktop', desktopWindow],
      ['phone', phoneWindow],
    ] as const) {
      const context = await webContext(browser, { ...window, token: reader.token });
      const page = await context.newPage();
      try {
        await page.goto('/topics');
        await waitForHydration(page);
        const item = page.locator(`[data-testid="topic-item"][data-topic-id="${topic.id}"]`);
        const time = item.locator('time');
        expect(await time.textContent()).toBe('发布于 刚刚');
        expect(await time.getAttribute('title')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        await screenshot(page, `times-topic-list-${name}`);

        await page.goto(`/topic/${topic.id}`);
        await waitForHydration(page);
        await page.getByText('评论的时间').waitFor();
        const titles = await page
          .locator('main time')
          .evaluateAll((times) => times.map((element) => element.getAttribute('title') ?? ''));
        expect(titles.length).toBeGreaterThanOrEqual(2);
        for (const title of titles) expect(title).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        const text = (await page.locator('main').textContent()) ?? '';
        expect(text).toContain('发布于 刚刚');
        expect(text).not.toMatch(/\d{2}:\d{2}:\d{2}/);
        await screenshot(page, `times-topic-detail-${name}`);

        await page.goto('/topic/create');
        await waitForHydration(page);
        expect(await page.title()).toMatch(/^发话题 \| /);
        await page.getByPlaceholder('请输入话题标题').waitFor();
        await page.getByRole('button', { name: '发表话题' }).waitFor();
        expect(await page.locator('body').textContent()).not.toContain('帖子');
        await screenshot(page, `topic-wording-${name}`);
      } finally {
        await context.close();
      }
    }
  });
});
