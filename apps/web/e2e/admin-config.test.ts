/**
 * The console's configuration screens in Chromium, as the owner: a node made in 节点 appears in the
 * site's node list, a forbidden word is tried on a sample before anything is posted, and a site
 * title saved in 系统设置 is the home page's title. Screens are kept for desktop light and phone dark.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSmtpCapture } from '@forum/core/testing';
import { callTrpc } from './api';
import { launchBrowser, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
/** An owner of this file's own: other files sign the shared owner out. */
let ownerToken: string;
let originalTitle: string;

beforeAll(async () => {
  ownerToken = (await makeStackReader('配置站长', ['owner'])).token;
  originalTitle = (await callTrpc<{ siteTitle: string }>('query', 'config.get', undefined)).siteTitle;
  browser = await launchBrowser();
});
afterAll(async () => {
  await callTrpc('mutation', 'config.save', { siteTitle: originalTitle }, ownerToken);
  await browser?.close();
});

async function ownerPage(
  options: { mobile?: boolean; dark?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await webContext(browser, {
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    colorScheme: options.dark ? 'dark' : 'light',
    token: ownerToken,
  });
  return { context, page: await context.newPage() };
}

describe('the owner configures the site from /admin', () => {
  it('creates a node and sees it in the site’s node list', async () => {
    const name = `端侧语音${Date.now() % 100_000}`;
    const { context, page } = await ownerPage();
    try {
      await page.goto('/admin/nodes');
      await waitForHydration(page);
      await page.getByRole('button', { name: '新增' }).click();
      const form = page.getByTestId('admin-nodes-form');
      await form.locator('input[name="name"]').fill(name);
      await form.locator('textarea[name="description"]').fill('在手机和嵌入式设备上跑语音模型');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('添加成功').waitFor();
      await page.getByTestId('admin-nodes').getByText(name).first().waitFor();
      await screenshot(page, 'admin-nodes-desktop-light');

      // The console's one filter bar: by name it finds the node; disabled ones are none of them.
      const filters = page.getByTestId('admin-filters');
      await filters.getByLabel('名称', { exact: true }).fill(name);
      await filters.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => page.locator('table tbody tr').count()).toBe(1);
      await filters.locator('select[name="status"]').selectOption('1');
      await filters.getByRole('button', { name: '查询' }).click();
      await page.getByText('没有符合条件的节点').waitFor();

      await page.goto('/topics');
      await expect
        .poll(() => page.getByRole('link', { name }).count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('adds a forbidden regular expression after trying it on a sample, and sees which text it matches', async () => {
    const { context, page } = await ownerPage();
    try {
      await page.goto('/admin/forbidden-words');
      await waitForHydration(page);
      await page.getByRole('button', { name: '新增' }).click();
      const form = page.getByTestId('forbidden-word-form');
      await form.getByRole('combobox').selectOption('regex');
      await form.locator('input[name="word"]').fill('加[微v]信?\\s*\\d{5,}');
      await form.locator('input[name="note"]').fill('联系方式');
      await form.getByLabel('示例文本').fill('资料请加微信 123456 领取');
      await form.getByRole('button', { name: '测试' }).click();
      await expect.poll(() => form.getByRole('status').textContent()).toContain('加微信 123456');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('添加成功').waitFor();

      // The tester on the page uses the saved rules.
      const tester = page.getByTestId('forbidden-word-tester').first();
      await tester.getByLabel('示例文本').fill('一段正常的语音识别讨论');
      await tester.getByRole('button', { name: '测试' }).click();
      await expect.poll(() => tester.getByRole('status').textContent()).toContain('未命中任何违禁词');
    } finally {
      await context.close();
    }
  });

  it('puts a project first on the site by its 排序 field in 项目', async () => {
    const stamp = Date.now() % 100_000;
    const create = (name: string) =>
      callTrpc<{ id: number }>('mutation', 'adminProjects.create', { name, sortNo: 3 }, ownerToken);
    const older = await create(`先建的项目${stamp}`);
    await create(`后建的项目${stamp}`);
    const { context, page } = await ownerPage();
    try {
      const publicOrder = async () => {
        await page.goto('/projects');
        const text = (await page.locator('main').first().textContent()) ?? '';
        return text.indexOf(`先建的项目${stamp}`) < text.indexOf(`后建的项目${stamp}`)
          ? 'older first'
          : 'newer first';
      };
      // Equal order: the newer one first, as before ordering existed.
      expect(await publicOrder()).toBe('newer first');

      await page.goto('/admin/projects');
      await waitForHydration(page);
      const row = page.locator(`tr[data-row="${older.id}"]`);
      await row.getByRole('button', { name: '编辑' }).click();
      const form = page.getByTestId('admin-projects-form');
      await expect.poll(() => form.locator('input[name="sortNo"]').inputValue()).toBe('3');
      await form.locator('input[name="sortNo"]').fill('0');
      await form.getByRole('button', { name: '保存' }).click();
      await page.getByText('保存成功').waitFor();
      await expect.poll(() => row.textContent()).toContain(`先建的项目${stamp}0`);
      await screenshot(page, 'admin-projects-desktop-light');

      await expect.poll(publicOrder, { timeout: 10_000 }).toBe('older first');
    } finally {
      await context.close();
    }
  });

  it('fits the 工作台 into a phone: the queue table scrolls inside its card, not the page', async () => {
    const { context, page } = await ownerPage({ mobile: true });
    try {
      await page.goto('/admin');
      await waitForHydration(page);
      await page.getByTestId('dashboard-queues').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, 'admin-dashboard-phone');
    } finally {
      await context.close();
    }
  });

  it('saves a new site title and the home page shows it', async () => {
    const title = `语音研究社区${Date.now() % 100_000}`;
    const { context, page } = await ownerPage({ mobile: true, dark: true });
    try {
      await page.goto('/admin/settings');
      await waitForHydration(page);
      const form = page.getByTestId('admin-settings');
      await form.locator('input[name="siteTitle"]').fill(title);
      await page.getByRole('tab', { name: '导航' }).click();
      await page.getByTestId('nav-editor').waitFor();
      await screenshot(page, 'admin-settings-mobile-dark');
      await form.getByRole('button', { name: '保存配置' }).click();
      await page.getByText('提交成功').waitFor();

      await expect
        .poll(
          async () => {
            await page.goto('/');
            return page.title();
          },
          { timeout: 10_000 },
        )
        .toContain(title);
    } finally {
      await context.close();
    }
  });

  it('sets the edit window of comments and tweets in 反作弊', async () => {
    const { context, page } = await ownerPage();
    try {
      await page.goto('/admin/settings');
      await waitForHydration(page);
      await page.getByRole('tab', { name: '反作弊' }).click();
      const form = page.getByTestId('admin-settings');
      const minutes = form.locator('input[name="contentEditMinutes"]');
      expect(await minutes.inputValue()).toBe('15');
      await minutes.fill('30');
      await form.getByRole('button', { name: '保存配置' }).click();
      await page.getByText('提交成功').waitFor();
      const saved = await callTrpc<{ contentEditMinutes: number }>('query', 'config.get', undefined);
      expect(saved.contentEditMinutes).toBe(30);
    } finally {
      await callTrpc('mutation', 'config.save', { contentEditMinutes: 15 }, ownerToken);
      await context.close();
    }
  });

  it('sets the mail server in 系统设置 and a test mail arrives through it', async () => {
    const smtp = await startSmtpCapture({ user: 'console-mailer', password: 'console-secret' });
    const to = `owner${Date.now() % 100_000}@example.com`;
    const { context, page } = await ownerPage();
    try {
      await page.goto('/admin/settings');
      await waitForHydration(page);
      await page.getByRole('tab', { name: '邮件' }).click();
      const form = page.getByTestId('admin-mail-settings');
      await form.locator('input[name="host"]').fill('127.0.0.1');
      await form.locator('input[name="port"]').fill(String(smtp.port));
      await form.locator('input[name="user"]').fill('console-mailer');
      await form.locator('input[name="password"]').fill('console-secret');
      await form.locator('input[name="from"]').fill('语音社区 <noreply@example.com>');
      await form.getByRole('button', { name: '保存邮件设置' }).click();
      await page.getByText('提交成功').waitFor();
      // The password is not shown again: the field is empty and says one is saved.
      await expect.poll(() => form.locator('input[name="password"]').inputValue()).toBe('');
      await form.getByText('已保存密码，留空则不修改').waitFor();
      await screenshot(page, 'admin-settings-mail-desktop-light');

      const test = page.getByTestId('admin-test-mail');
      await test.locator('input[name="to"]').fill(to);
      await test.getByRole('button', { name: '发送测试邮件' }).click();
      await page.getByText('测试邮件已发送').waitFor({ timeout: 30_000 });
      const [mail] = await smtp.waitForMails(1);
      expect(mail).toMatchObject({
        rcptTo: [to],
        authUser: 'console-mailer',
        mailFrom: 'noreply@example.com',
      });
    } finally {
      await context.close();
      // Back to the stack's own mail sink for the files that follow.
      await callTrpc(
        'mutation',
        'adminSettings.saveMail',
        { host: '', port: 587, secure: false, user: '', from: '' },
        ownerToken,
      );
      await smtp.close();
    }
  });

  it('an admin who is not the owner gets the 403 page for 系统设置', async () => {
    const admin = (await makeStackReader('配置管理员', ['admin'])).token;
    const refused = await fetch(`${webUrl}/admin/settings`, { headers: { cookie: `userToken=${admin}` } });
    expect(refused.status).toBe(403);
    // In the reader's language, not the English word the page once showed.
    expect(await refused.text()).toContain('你没有权限访问此页面');
    expect((await fetch(`${webUrl}/admin/nodes`, { headers: { cookie: `userToken=${admin}` } })).status).toBe(
      200,
    );
  });
});
