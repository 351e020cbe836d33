/**
 * 忘记密码 in Chromium, on a phone: from the sign-in page to the mailed link, a new password, and
 * signing in with it; the session from before is over. The forgot page is also looked at on a
 * desktop.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  desktop,
  expectToast,
  launchBrowser,
  phone,
  screenshot,
  shownCaptchaDigits,
  waitForHydration,
  webContext,
} from './browser';
import { mailedLink } from './mail-sink';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('忘记密码', () => {
  it('a phone reader asks for a link, sets a new password with it and signs in', async () => {
    const email = `forgot-${Date.now().toString(36)}@example.com`;
    const reader = await makeStackReader('忘记密码的人', [], 'old-pass-123', email);
    const context = await webContext(browser, phone);
    try {
      const page = await context.newPage();
      await page.goto(`${webUrl}/user/signin`);
      await waitForHydration(page);
      await page.getByTestId('forgot-password').click();
      await page.waitForURL('**/user/password/forgot');
      expect(await page.title()).toMatch(/^找回密码 \| /);
      const form = page.getByTestId('forgot-password-form');
      await page.getByLabel('邮箱', { exact: true }).fill(email);
      await form.locator('input[name="captchaCode"]').fill(await shownCaptchaDigits(page));
      await screenshot(page, 'password-forgot-phone');
      await form.getByRole('button', { name: '发送重置邮件' }).click();
      const requested = page.getByTestId('reset-requested');
      await requested.waitFor();
      expect(await requested.textContent()).toContain(`如果 ${email} 是本站账号的邮箱`);

      await page.goto(await mailedLink(email, '/user/password/reset\\?token='));
      await waitForHydration(page);
      await page.getByLabel('新密码', { exact: true }).fill('new-pass-456');
      await page.getByLabel('确认新密码', { exact: true }).fill('new-pass-456');
      await screenshot(page, 'password-reset-phone');
      await page.getByRole('button', { name: '设置新密码' }).click();
      await expectToast(page, '密码已重置，请使用新密码登录');
      await page.waitForURL('**/user/signin');

      // The session from before the reset is over.
      const current = await fetch(`${webUrl}/trpc/users.current`, {
        headers: { 'X-User-Token': reader.token },
      });
      expect(((await current.json()) as { result: { data: unknown } }).result.data).toBeNull();

      await waitForHydration(page);
      const signIn = page.getByTestId('signin-form');
      await signIn.locator('input[name="username"]').fill(email);
      await signIn.locator('input[name="password"]').fill('new-pass-456');
      await signIn.locator('input[name="captchaCode"]').fill(await shownCaptchaDigits(page));
      await signIn.getByRole('button', { name: '登录' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // Nothing is wider than the phone on the way.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        phone.viewport.width,
      );
    } finally {
      await context.close();
    }
  });

  it('shows the forgot page on a desktop, and a link without a token says to ask again', async () => {
    const context = await webContext(browser, desktop);
    try {
      const page = await context.newPage();
      await page.goto(`${webUrl}/user/password/forgot`);
      await waitForHydration(page);
      await page.getByTestId('forgot-password-form').waitFor();
      await screenshot(page, 'password-forgot-desktop');
      await page.goto(`${webUrl}/user/password/reset`);
      await page.getByText('重置链接无效或已过期，请重新申请').waitFor();
    } finally {
      await context.close();
    }
  });
});
