/**
 * The people pages end to end: sign-up and sign-in through the forms (captcha digits read from
 * Redis), profile editing and images, following, muting by the owner, and e-mail verification
 * through a real SMTP server and the worker.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc, signUpByApi } from './api';
import {
  expectToast,
  launchBrowser,
  screenshot,
  shownCaptchaDigits,
  signOutThroughMenu,
  solidPng,
  waitForHydration,
  webContext,
} from './browser';
import { mailedLink } from './mail-sink';

const webUrl = inject('webUrl');
const siteTitle = '语音社区';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newContext = () => webContext(browser, { viewport: { width: 1280, height: 900 } });

async function postStatus(page: Page): Promise<{ canPost: boolean; message?: string }> {
  return page.evaluate(async () => {
    const response = await fetch('/trpc/mute.postStatus');
    return ((await response.json()) as { result: { data: { canPost: boolean; message?: string } } }).result
      .data;
  });
}

describe('the people pages', () => {
  const suffix = Date.now().toString(36);
  const email = `alice-${suffix}@example.com`;
  let alice: BrowserContext;
  let alicePage: Page;
  let bobId: number;
  const bobNickname = '波波';

  beforeAll(async () => {
    bobId = (await signUpByApi(bobNickname, `bob-${suffix}@example.com`)).id;
    alice = await newContext();
    alicePage = await alice.newPage();
  });
  afterAll(async () => {
    await alice?.close();
  });

  it('takes a new user from signing up through the form, editing the profile and page, following, being muted and verifying the e-mail, to signing out', async () => {
    let aliceId = 0;
    // Alice signs up through the form and returns to the ref page.
    {
      const page = alicePage;
      await page.goto(`/user/signup?ref=${encodeURIComponent('/about')}`);
      await waitForHydration(page);
      const form = page.getByTestId('signup-form');
      await form.locator('input[name="nickname"]').fill('爱丽丝');
      await form.locator('input[name="username"]').fill(`alice${suffix}`.slice(0, 12));
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill('secret-123');
      await form.locator('input[name="rePassword"]').fill('secret-123');

      // A wrong code is refused with the server's text and a new captcha.
      const firstSrc = await page.getByTestId('captcha-image').getAttribute('src');
      await form.locator('input[name="captchaCode"]').fill('00000');
      await form.getByRole('button', { name: '注册' }).click();
      // Under the captcha, which is focused; no toast repeats it.
      const captchaError = page.getByTestId('field-error-captchaCode');
      await captchaError.waitFor();
      expect(await captchaError.textContent()).toBe('验证码错误');
      expect(await form.locator('input[name="captchaCode"]').getAttribute('aria-invalid')).toBe('true');
      await page.waitForFunction(
        (src) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== src,
        firstSrc,
      );

      await form.locator('input[name="captchaCode"]').fill(await shownCaptchaDigits(page));
      await screenshot(page, 'signup');
      await form.getByRole('button', { name: '注册' }).click();
      await expectToast(page, '注册成功');
      await page.waitForURL((url) => url.pathname === '/about');
      await waitForHydration(page);
      const nav = page.getByTestId('desktop-nav');
      await nav.getByTestId('user-menu').waitFor();
      expect(await nav.getByTestId('user-menu').textContent()).toContain('爱丽丝');
      const cookie = (await alice.cookies(webUrl)).find((c) => c.name === 'userToken');
      expect(cookie?.httpOnly).toBe(true);
      aliceId = await page.evaluate(async () => {
        const response = await fetch('/trpc/users.current');
        return ((await response.json()) as { result: { data: { id: number } } }).result.data.id;
      });
    }
    // She edits her profile and uploads an avatar.
    {
      const page = alicePage;
      await page.goto('/user/profile');
      await waitForHydration(page);
      const form = page.getByTestId('profile-form');
      await form.locator('input[name="nickname"]').fill('爱丽丝研究员');
      await form.locator('textarea[name="description"]').fill('做语音合成的');
      await form.locator('input[name="homePage"]').fill('https://example.com/alice');
      await form.getByRole('button', { name: '保存' }).click();
      await expectToast(page, '资料修改成功');

      await page.getByTestId('avatar-input').setInputFiles({
        name: 'avatar.png',
        mimeType: 'image/png',
        buffer: await solidPng('#3b82f6', 300, 300),
      });
      await expectToast(page, '头像更新成功');
      const avatar = page.getByTestId('avatar-edit').locator('img');
      await avatar.waitFor();
      expect(await avatar.getAttribute('src')).toMatch(/_150\.png$/);
      await page.getByTestId('avatar-edit').hover();
      await screenshot(page, 'profile-edit');
    }
    // Her personal page shows the edits; she sets a background.
    {
      const page = alicePage;
      await page.goto(`/user/${aliceId}`);
      await waitForHydration(page);
      expect(await page.title()).toBe(`爱丽丝研究员 | ${siteTitle}`);
      const banner = page.getByTestId('user-centre-header');
      expect(await banner.textContent()).toContain('做语音合成的');
      expect(await page.getByTestId('follow-button').count()).toBe(0);
      const home = page.getByTestId('my-profile').getByRole('link', { name: 'https://example.com/alice' });
      expect(await home.getAttribute('rel')).toContain('nofollow');
      // Her place in registration order, as the API states it (other tests' members share the site).
      const { registrationRank } = await callTrpc<{ registrationRank: number }>('query', 'users.profile', {
        id: aliceId,
      });
      expect(registrationRank).toBeGreaterThan(0);
      expect(await page.getByTestId('my-counts').textContent()).toContain(`${registrationRank}注册排名`);

      await page.getByTestId('background-input').setInputFiles({
        name: 'background.png',
        mimeType: 'image/png',
        buffer: await solidPng('#10b981', 1200, 400),
      });
      await expectToast(page, '背景设置成功');
      await page.waitForFunction(() =>
        document
          .querySelector<HTMLElement>('[data-testid="user-centre-header"]')
          ?.style.backgroundImage.includes('url('),
      );
      await screenshot(page, 'user-own-page');
    }
    // She follows Bob, who then lists her as a fan, and unfollows.
    {
      const page = alicePage;
      await page.goto(`/user/${bobId}`);
      await waitForHydration(page);
      const button = page.getByTestId('user-centre-header').getByTestId('follow-button');
      expect(await button.textContent()).toBe('关注');
      expect(await page.getByTestId('fans-widget').textContent()).toContain('暂无粉丝');
      await button.click();
      await expectToast(page, '关注成功');
      await page.getByTestId('fans-widget').getByText('爱丽丝研究员').waitFor();
      expect(await button.textContent()).toBe('已关注');
      expect(await page.getByTestId('user-centre-sidebar').textContent()).toContain('粉丝 1');
      await screenshot(page, 'user-followed');

      await page.getByTestId('user-centre-sidebar').getByRole('button', { name: '更多' }).first().click();
      const dialog = page.getByTestId('fans-dialog');
      await dialog.getByText('爱丽丝研究员').waitFor();
      expect(await dialog.getByRole('button', { name: '到底啦' }).isDisabled()).toBe(true);
      await screenshot(page, 'fans-dialog');
      await dialog.getByRole('button', { name: '关闭' }).click();

      await button.click();
      await expectToast(page, '取消关注成功');
      await page.getByTestId('fans-widget').getByText('暂无粉丝').waitFor();
      expect(await button.textContent()).toBe('关注');
    }
    // The owner signs in through the form, mutes her for 7 days and lifts it.
    {
      const context = await newContext();
      try {
        const page = await context.newPage();
        await page.goto(`/user/signin?ref=${encodeURIComponent(`/user/${aliceId}`)}`);
        await waitForHydration(page);
        const form = page.getByTestId('signin-form');
        await form.locator('input[name="username"]').fill('owner');
        await form.locator('input[name="password"]').fill('owner-pass-123');
        await form.locator('input[name="captchaCode"]').fill(await shownCaptchaDigits(page));
        await screenshot(page, 'signin');
        await form.getByRole('button', { name: '登录' }).click();
        await page.waitForURL((url) => url.pathname === `/user/${aliceId}`);
        await waitForHydration(page);

        const actions = page.getByTestId('mute-actions');
        await actions.getByRole('button', { name: '禁言7天' }).click();
        const confirm = page.getByTestId('confirm-dialog');
        expect(await confirm.textContent()).toContain('是否禁言该用户？');
        await screenshot(page, 'mute-confirm');
        await confirm.getByRole('button', { name: '确定' }).click();
        await expectToast(page, '禁言成功');
        await actions.getByRole('button', { name: '取消禁言' }).waitFor();
        await screenshot(page, 'user-muted');

        // The muted user may not post or upload.
        expect(await postStatus(alicePage)).toMatchObject({ canPost: false, message: '已被禁言' });
        await alicePage.goto(`/user/${aliceId}`);
        await waitForHydration(alicePage);
        await alicePage.getByTestId('background-input').setInputFiles({
          name: 'again.png',
          mimeType: 'image/png',
          buffer: await solidPng('#f59e0b', 320, 200),
        });
        await expectToast(alicePage, '已被禁言');
        // She is told before she writes: on her profile, on the editor, and by a 系统通知 message.
        expect(await alicePage.getByTestId('profile-muted').textContent()).toMatch(
          /^禁言中（至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）/,
        );
        await alicePage.goto('/topic/create');
        await waitForHydration(alicePage);
        expect(await alicePage.getByTestId('muted-notice').textContent()).toContain('期间不能发帖、评论');
        await screenshot(alicePage, 'editor-muted-notice');
        await alicePage.goto('/user/messages');
        await waitForHydration(alicePage);
        await alicePage
          .getByTestId('messages')
          .getByText(/^你已被禁言至 /)
          .first()
          .waitFor();

        await actions.getByRole('button', { name: '取消禁言' }).click();
        await expectToast(page, '取消禁言成功');
        await actions.getByRole('button', { name: '禁言7天' }).waitFor();
        expect(await postStatus(alicePage)).toEqual({ canPost: true });
      } finally {
        await context.close();
      }
    }
    // She verifies her e-mail through the mailed link.
    {
      const page = alicePage;
      await page.goto('/user/profile/account');
      await waitForHydration(page);
      const settings = page.getByTestId('account-settings');
      expect(await settings.textContent()).toContain('未验证');
      await settings.getByRole('button', { name: '发送验证邮件' }).click();
      await expectToast(page, `邮件已经发送到你的邮箱：${email}，请注意查收。`);
      await screenshot(page, 'account-settings');

      // The password dialog names each field (a placeholder vanishes as one types).
      await settings.getByRole('button', { name: '点击修改' }).click();
      for (const label of ['当前密码', '新密码', '确认新密码']) {
        expect(await page.getByLabel(label, { exact: true }).getAttribute('type')).toBe('password');
      }
      await screenshot(page, 'password-dialog');
      await page.keyboard.press('Escape');

      const link = await mailedLink(email, '/user/email/verify\\?token=');
      expect(link.startsWith(`${webUrl}/user/email/verify?token=`)).toBe(true);
      await page.goto(link);
      expect(await page.getByTestId('verify-success').textContent()).toBe(
        `恭喜，邮箱验证成功。你的邮箱为：${email}`,
      );
      await screenshot(page, 'email-verified');

      // A link works once.
      await page.goto(link);
      const failure = page.getByTestId('verify-failure');
      expect(await failure.textContent()).toMatch(/^邮箱验证失败 原因：.+，请前往/);
      expect(await failure.getByRole('link').getAttribute('href')).toBe('/user/profile/account');
      await screenshot(page, 'email-verify-failed');

      await page.goto('/user/profile/account');
      expect(await page.getByTestId('account-settings').textContent()).toContain('已验证');
    }
    // She signs out through the user menu.
    {
      const page = alicePage;
      await signOutThroughMenu(page);
      expect((await alice.cookies(webUrl)).find((c) => c.name === 'userToken')).toBeUndefined();
    }
  }, 300_000);

  it('sends a visitor who wants to follow to sign in, with the page as ref', async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await page.goto(`/user/${bobId}`);
      await waitForHydration(page);
      await screenshot(page, 'user-page-visitor');
      await page.getByTestId('follow-button').click();
      await expectToast(page, '请先登录');
      await page.waitForURL((url) => url.pathname === '/user/signin');
      expect(new URL(page.url()).searchParams.get('ref')).toBe(`/user/${bobId}`);
    } finally {
      await context.close();
    }
  });

  it('answers unknown users with a 404 page', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const response = await fetch(`${webUrl}/user/${id}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('页面没找到');
    }
  });

  it('renders a personal page on the server with its title', async () => {
    const html = await (await fetch(`${webUrl}/user/${bobId}`)).text();
    expect(html).toContain(`<title>${bobNickname} | ${siteTitle}</title>`);
    expect(html).toContain('个人成就');
    expect(html).toContain('暂无内容');
  });

  it('shows an OAuth callback failure', async () => {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await page.goto('/user/github/callback?code=x&state=unknown');
      await page.getByTestId('oauth-error').waitFor();
      expect(await page.getByTestId('oauth-error').textContent()).toMatch(/^登录失败：/);
      await screenshot(page, 'oauth-callback-error');
      expect((await fetch(`${webUrl}/user/weibo/callback`)).status).toBe(404);
    } finally {
      await context.close();
    }
  });
});
