/**
 * Inline field errors in Chromium, on a desktop and a phone: a form submitted with bad input shows
 * each error under its field, marks the field `aria-invalid` and described by the error, focuses
 * the first invalid field, and keeps the error until that field changes; a server answer that
 * names a field (a taken username, a wrong captcha) is shown the same way.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTopicByApi, type Account } from './api';
import {
  launchBrowser,
  reviewDevices,
  screenshot,
  shownCaptchaDigits,
  waitForHydration,
  withPage,
} from './browser';
import { makeStackReader } from './read-model';

let browser: Browser;
let member: Account;
let topicId = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  member = await makeStackReader('字段错误读者');
  topicId = await postTopicByApi(member.token, '字段错误的话题');
});
afterAll(async () => {
  await browser?.close();
});

const devices = reviewDevices;

/** The control `selector` shows `message` under it, is invalid, described by it, and (when asked) focused. */
async function expectFieldError(
  page: Page,
  selector: string,
  field: string,
  message: string,
  focused = false,
) {
  const control = page.locator(selector);
  const error = page.getByTestId(`field-error-${field}`);
  await error.waitFor();
  expect(await error.textContent()).toBe(message);
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  expect(await control.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
  if (focused) expect(await control.evaluate((element) => element === document.activeElement)).toBe(true);
}

async function expectNoFieldError(page: Page, selector: string, field: string) {
  expect(await page.getByTestId(`field-error-${field}`).count()).toBe(0);
  expect(await page.locator(selector).getAttribute('aria-invalid')).toBeNull();
  expect(await page.locator(selector).getAttribute('aria-describedby')).toBeNull();
}

describe.each(Object.entries(devices))('inline field errors on a %s', (device, options) => {
  it('the sign-in form marks every empty field, focuses the first, and clears one as it is typed in', async () => {
    await withPage(browser, options, async (page) => {
      await page.goto('/user/signin');
      await waitForHydration(page);
      const form = page.getByTestId('signin-form');
      await form.getByRole('button', { name: '登录' }).click();
      await expectFieldError(page, 'input[name="username"]', 'username', '请输入用户名或邮箱', true);
      await expectFieldError(page, 'input[name="password"]', 'password', '请输入密码');
      await expectFieldError(page, 'input[name="captchaCode"]', 'captchaCode', '请输入验证码');
      await screenshot(page, `field-errors-signin-${device}`);

      await form.locator('input[name="username"]').fill('somebody');
      await expectNoFieldError(page, 'input[name="username"]', 'username');
      await expectFieldError(page, 'input[name="password"]', 'password', '请输入密码');
    });
  });

  it('the sign-in form shows a wrong captcha, as the API answers it, under the captcha', async () => {
    await withPage(browser, options, async (page) => {
      await page.goto('/user/signin');
      await waitForHydration(page);
      const form = page.getByTestId('signin-form');
      await form.locator('input[name="username"]').fill('somebody');
      await form.locator('input[name="password"]').fill('secret-123');
      const right = await shownCaptchaDigits(page);
      await form
        .locator('input[name="captchaCode"]')
        .fill(String((Number(right) + 1) % 10000).padStart(4, '0'));
      await form.getByRole('button', { name: '登录' }).click();
      await expectFieldError(page, 'input[name="captchaCode"]', 'captchaCode', '验证码错误', true);
      // No toast repeats it.
      expect(await page.getByRole('alert').filter({ hasText: '验证码错误' }).count()).toBe(0);
    });
  });

  it('the comment box shows an empty comment under it until text is typed', async () => {
    await withPage(browser, { ...options, token: member.token }, async (page) => {
      await page.goto(`/topic/${topicId}`);
      await waitForHydration(page);
      const box = page.getByTestId('comments').getByTestId('text-editor').first();
      await box.getByRole('button', { name: '发布' }).click();
      await expectFieldError(
        page,
        '[data-testid="comments"] textarea[name="content"]',
        'content',
        '请输入评论内容',
        true,
      );
      await page.getByTestId('field-error-content').scrollIntoViewIfNeeded();
      await screenshot(page, `field-errors-comment-${device}`);
      await box.locator('textarea').fill('补上内容');
      await expectNoFieldError(page, '[data-testid="comments"] textarea[name="content"]', 'content');
    });
  });
});

describe('inline field errors from the API', () => {
  it('the sign-up form checks fields before sending, then shows a taken username under it', async () => {
    await withPage(browser, devices.desktop, async (page) => {
      const taken = await makeStackReader('已有的人');
      const username = `user${taken.id}`;
      await page.goto('/user/signup');
      await waitForHydration(page);
      const form = page.getByTestId('signup-form');
      await form.locator('input[name="nickname"]').fill('新来的');
      await form.locator('input[name="username"]').fill(username);
      await form.locator('input[name="email"]').fill('not-an-email');
      await form.locator('input[name="password"]').fill('secret-123');
      await form.locator('input[name="rePassword"]').fill('secret-456');
      await form.getByRole('button', { name: '注册' }).click();
      await expectFieldError(page, 'input[name="email"]', 'email', '邮箱格式不符合规范', true);
      await expectFieldError(page, 'input[name="rePassword"]', 'rePassword', '两次输入密码不匹配');
      await expectFieldError(page, 'input[name="captchaCode"]', 'captchaCode', '请输入验证码');
      await screenshot(page, 'field-errors-signup-desktop');

      await form.locator('input[name="email"]').fill(`taken-${taken.id}@example.com`);
      await form.locator('input[name="rePassword"]').fill('secret-123');
      await form.locator('input[name="captchaCode"]').fill(await shownCaptchaDigits(page));
      await form.getByRole('button', { name: '注册' }).click();
      await expectFieldError(
        page,
        'input[name="username"]',
        'username',
        `用户名：${username} 已被占用`,
        true,
      );
      await expectNoFieldError(page, 'input[name="email"]', 'email');
    });
  });

  it('the tweet form on a phone shows empty text under the box', async () => {
    await withPage(browser, { ...devices.phone, token: member.token }, async (page) => {
      await page.goto('/topic/create?type=1');
      await waitForHydration(page);
      await page.getByTestId('editor-submit').click();
      await expectFieldError(
        page,
        '[data-testid="tweet-editor"] textarea',
        'content',
        '内容或图片不能为空',
        true,
      );
      await screenshot(page, 'field-errors-tweet-phone');
    });
  });

  it('the topic form marks an empty title and body, the title focused', async () => {
    await withPage(browser, { ...devices.desktop, token: member.token }, async (page) => {
      await page.goto('/topic/create');
      await waitForHydration(page);
      await page.getByTestId('editor-submit').click();
      await expectFieldError(page, 'input[name="title"]', 'title', '标题不能为空', true);
      await expectFieldError(page, '[data-testid="topic-editor"] textarea', 'content', '内容不能为空');
      await screenshot(page, 'field-errors-topic-desktop');
    });
  });

  it('the e-mail dialog of the account settings shows a malformed address under the box', async () => {
    const reader = await makeStackReader('设置邮箱的人');
    await withPage(browser, { ...devices.phone, token: reader.token }, async (page) => {
      await page.goto('/user/profile/account');
      await waitForHydration(page);
      const settings = page.getByTestId('account-settings');
      // The e-mail row's button: the username is set, the password row comes after.
      await settings.getByRole('button', { name: '点击设置' }).first().click();
      const dialog = page.getByTestId('settings-dialog');
      await dialog.locator('input[name="email"]').fill('not-an-email');
      await dialog.getByRole('button', { name: '确定' }).click();
      await expectFieldError(
        page,
        '[data-testid="settings-dialog"] input[name="email"]',
        'email',
        '邮箱格式不符合规范',
        true,
      );
      await screenshot(page, 'field-errors-account-email-phone');
    });
  });
});
