/**
 * Check-in and points end to end: the home sidebar's check-in, the points given by the worker, the
 * log page, and the level those points give on the profile.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { launchBrowser, phone, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
let token: string;
let readerId: number;
let dayName: number;

beforeAll(async () => {
  ({ token, id: readerId } = await makeStackReader('签到读者'));
  // The day is counted in the site's time zone, which the public config names.
  const config = (await (await fetch(`${webUrl}/api/config/configs`)).json()) as {
    data: { siteTimeZone: string };
  };
  const { dayNameOf } = await import('@forum/core');
  dayName = dayNameOf(Date.now(), config.data.siteTimeZone);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('check-in and points', () => {
  it('checks in from the home sidebar, shows the points the worker gave and the log line', async () => {
    const context = await webContext(browser, { viewport: { width: 1280, height: 900 }, token });
    const page = await context.newPage();
    try {
      await page.goto(`${webUrl}/`);
      await waitForHydration(page);
      const widget = page.getByTestId('check-in');
      await widget.getByRole('button', { name: '立即签到' }).click();
      await page.getByText('签到成功').waitFor();
      await widget.getByRole('button', { name: '今日已签到' }).waitFor();
      expect(await widget.getByRole('button', { name: '今日已签到' }).isDisabled()).toBe(true);
      await widget.getByText('天啦 !').waitFor();
      expect(await widget.textContent()).toContain('你已经连续签到 1 天啦 !');
      await widget.getByTestId('check-in-rank').getByText('签到读者').waitFor();
      // The points come from the worker's job: the widget asks again shortly after.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="check-in-score"]')?.textContent === '1',
        undefined,
        { timeout: 15_000 },
      );
      await screenshot(page, 'check-in-widget');

      await page.goto(`${webUrl}/user/scores`);
      await waitForHydration(page);
      const logs = page.getByTestId('score-logs');
      await logs.waitFor();
      const line = (await logs.locator('li').first().textContent()) ?? '';
      expect(line).toContain('获得积分');
      // The stored 签到<day> reads as the day it was; the time is the site's relative one.
      const day = String(dayName);
      expect(line).toContain(`每日签到 · ${Number(day.slice(4, 6))}月${Number(day.slice(6))}日`);
      expect(line).not.toContain(`签到${dayName}`);
      expect(line).toContain('刚刚');
      expect(line).not.toMatch(/\d{2}:\d{2}:\d{2}/);
      await screenshot(page, 'user-scores');

      // One point is the first level of the default thresholds: on the profile card and in the
      // achievements widget, the title as the badge's tooltip.
      await page.goto(`${webUrl}/user/${readerId}`);
      await waitForHydration(page);
      const badge = page.getByTestId('user-centre-header').getByTestId('level-badge');
      await badge.waitFor();
      expect(await badge.textContent()).toBe('Lv.1新手');
      expect(await badge.getByText('Lv.1').getAttribute('title')).toBe('新手');
      expect(await page.getByTestId('my-level').textContent()).toBe('等级Lv.1新手');
      await screenshot(page, 'user-level');
    } finally {
      await context.close();
    }
  });

  it('gives a phone reader the notice above the topics, and check-in and the rank below them', async () => {
    const owner = (await makeStackReader('公告站长', ['owner'])).token;
    const before = (await callTrpc<{ siteNotification: string }>('query', 'config.get', undefined))
      .siteNotification;
    const notice = '本周六线上分享：流式语音识别';
    await callTrpc('mutation', 'config.save', { siteNotification: notice }, owner);
    const reader = await makeStackReader('手机签到读者');
    // A topic on the home page, whichever test files ran before this one.
    await callTrpc(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '手机首页的话题', content: '公告在它上面' },
      reader.token,
    );
    const context = await webContext(browser, { ...phone, token: reader.token });
    try {
      const page = await context.newPage();
      await page.goto(`${webUrl}/`);
      await waitForHydration(page);
      const shownNotice = page.getByTestId('phone-site-notice');
      expect(await shownNotice.isVisible()).toBe(true);
      expect(await shownNotice.textContent()).toContain(notice);
      // Above the topic list: a reader sees it before scrolling.
      const noticeBox = (await shownNotice.boundingBox())!;
      const listBox = (await page.getByTestId('topic-list').boundingBox())!;
      expect(noticeBox.y).toBeLessThan(listBox.y);
      await screenshot(page, 'phone-notice');

      const widget = page.getByTestId('check-in');
      await widget.scrollIntoViewIfNeeded();
      expect(await widget.isVisible()).toBe(true);
      await widget.getByRole('button', { name: '立即签到' }).click();
      await widget.getByRole('button', { name: '今日已签到' }).waitFor();
      // The first test's reader has points: the rank is on the phone too.
      const rank = page.getByTestId('score-rank');
      await rank.scrollIntoViewIfNeeded();
      expect(await rank.isVisible()).toBe(true);
      // Nothing is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.viewport.width,
      );
      await screenshot(page, 'phone-check-in');
    } finally {
      await context.close();
      await callTrpc('mutation', 'config.save', { siteNotification: before }, owner);
    }
  });

  it('the score log page sends a visitor to sign in', async () => {
    const response = await fetch(`${webUrl}/user/scores`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/user/signin?ref=%2Fuser%2Fscores');
  });
});
