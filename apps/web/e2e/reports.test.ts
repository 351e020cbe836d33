/**
 * Reports (举报) as members and moderators live them (docs/moderation.md): a member reports from a
 * topic page, a second report is answered clearly, enough reports hide the topic, and the console's
 * 举报 screen settles it (shown again on 忽略, the reporter told); on a phone, a member is reported
 * from their profile and muted from the queue.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc, type Account } from './api';
import { expectToast, launchBrowser, phone, screenshot, waitForHydration, withPage } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
const desktopWindow = { viewport: { width: 1366, height: 800 } };
const phoneWindow = { ...phone, viewport: { width: 390, height: 844 } };

let browser: Browser;
let owner: Account;

beforeAll(async () => {
  owner = await makeStackReader('举报站长', ['owner']);
  await callTrpc('mutation', 'config.save', { reportHideThreshold: 2 }, owner.token);
  browser = await launchBrowser();
});
afterAll(async () => {
  await callTrpc('mutation', 'config.save', { reportHideThreshold: 5 }, owner.token);
  await browser?.close();
});

describe('reports', () => {
  it('a member reports a topic once; two reports hide it; the console dismisses and the reporter is told', async () => {
    const [author, reader, second] = [
      await makeStackReader('被举报的作者'),
      await makeStackReader('第一位举报人'),
      await makeStackReader('第二位举报人'),
    ];
    const topic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '加微信领取免费课程', content: '广告内容' },
      author.token,
    );

    await withPage(browser, { ...desktopWindow, token: reader.token }, async (page) => {
      await page.goto(`/topic/${topic.id}`);
      await waitForHydration(page);
      await page.getByTestId('report-button').first().click();
      const dialog = page.getByTestId('report-dialog');
      await dialog.getByText('举报这条话题的原因').waitFor();
      // "Other" needs a text before it can be sent.
      await dialog.getByLabel('其他').check();
      expect(await dialog.getByRole('button', { name: '提交举报' }).isDisabled()).toBe(true);
      await dialog.getByLabel('垃圾广告').check();
      await dialog.getByTestId('report-text').fill('反复发广告');
      await screenshot(page, 'report-dialog-desktop');
      await dialog.getByRole('button', { name: '提交举报' }).click();
      await expectToast(page, '举报已提交，感谢你的反馈');

      await page.getByTestId('report-button').first().click();
      await page.getByTestId('report-dialog').getByRole('button', { name: '提交举报' }).click();
      await expectToast(page, '你已经举报过该内容，请等待管理员处理');
    });

    // The second report reaches the threshold: the topic is hidden from readers.
    const hidden = await callTrpc<{ hidden: boolean }>(
      'mutation',
      'reports.create',
      { targetType: 'topic', targetId: topic.id, reason: 'abuse' },
      second.token,
    );
    expect(hidden.hidden).toBe(true);
    expect((await fetch(`${webUrl}/topic/${topic.id}`)).status).toBe(404);

    await withPage(browser, { ...desktopWindow, token: owner.token }, async (page) => {
      // The console's topic screen names why the topic is hidden and leads to the queue.
      await page.goto('/admin/topics');
      await waitForHydration(page);
      const row = page.locator('li').filter({ hasText: '加微信领取免费课程' });
      await row.getByText('被举报隐藏').waitFor();
      await row.getByRole('link', { name: '去举报队列处理' }).click();
      await page.waitForURL('**/admin/reports');
      await waitForHydration(page);
      const item = page.getByTestId('reported-item').filter({ hasText: '加微信领取免费课程' });
      await item.getByText('2 人举报').waitFor();
      await item.getByText('已隐藏，待审核').waitFor();
      await item.getByText('垃圾广告 ×1').waitFor();
      await item.getByText('辱骂攻击 ×1').waitFor();
      await item.getByText('举报人', { exact: true }).click();
      await item.getByText('反复发广告', { exact: false }).waitFor();
      await screenshot(page, 'report-queue-desktop');
      await item.getByRole('button', { name: '忽略' }).click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
      await expectToast(page, '已忽略');
      await item.waitFor({ state: 'detached' });
    });
    expect((await fetch(`${webUrl}/topic/${topic.id}`)).status).toBe(200);

    await withPage(browser, { ...desktopWindow, token: reader.token }, async (page) => {
      await page.goto('/user/messages');
      await waitForHydration(page);
      await page.getByText('你的举报已处理：经审核，该内容未违反社区规则').waitFor({ timeout: 15_000 });
      await screenshot(page, 'report-handled-message-desktop');
    });
  });

  it('on a phone, a member is reported from their profile and muted from the queue', async () => {
    const [rude, reporter] = [await makeStackReader('出言不逊的用户'), await makeStackReader('手机举报人')];
    await withPage(browser, { ...phoneWindow, token: reporter.token }, async (page) => {
      await page.goto(`/user/${rude.id}`);
      await waitForHydration(page);
      await page.getByTestId('report-button').click();
      const dialog = page.getByTestId('report-dialog');
      await dialog.getByText('举报该用户的原因').waitFor();
      await dialog.getByLabel('辱骂攻击').check();
      await screenshot(page, 'report-dialog-phone');
      await dialog.getByRole('button', { name: '提交举报' }).click();
      await expectToast(page, '举报已提交，感谢你的反馈');
    });

    await withPage(browser, { ...phoneWindow, token: owner.token }, async (page) => {
      await page.goto('/admin/reports');
      await waitForHydration(page);
      const item = page.getByTestId('reported-item').filter({ hasText: '出言不逊的用户' });
      await item.getByText('1 人举报').waitFor();
      expect(await item.getByRole('button', { name: '删除内容' }).count()).toBe(0);
      await item.getByLabel('禁言时长').selectOption('3');
      await screenshot(page, 'report-queue-phone');
      await item.getByRole('button', { name: '禁言用户' }).click();
      await page.getByTestId('confirm-dialog').getByText('确认禁言该用户（3天）？').waitFor();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
      await expectToast(page, '已禁言');
      await item.waitFor({ state: 'detached' });
    });
    const profile = await callTrpc<{ forbidden: boolean }>('query', 'users.profile', { id: rude.id });
    expect(profile.forbidden).toBe(true);
  });
});
