import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  desktop,
  launchBrowser,
  screenshot,
  signOutThroughMenu,
  waitForHydration,
  webContext,
} from './browser';

const webUrl = inject('webUrl');
const token = inject('ownerToken');

let browser: Browser;
let nickname: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${webUrl}/trpc/users.current`, { headers: { 'X-User-Token': token } });
  const body = (await response.json()) as { result: { data: { nickname: string } } };
  nickname = body.result.data.nickname;
});
afterAll(async () => {
  await browser?.close();
});

const ownerContext = (withToken = token) => webContext(browser, { ...desktop, token: withToken });

/** A token of the owner's for this file alone: signing out revokes it, and others share `token`. */
async function freshOwnerToken(): Promise<string> {
  const core = await import('@forum/core');
  // The stack names its database after its Redis prefix (see stack.ts).
  await core.connectDatabase(process.env.MONGO_URL!, inject('redisPrefix').replace(/:$/, ''));
  try {
    const owner = await core.User.findOne({ username: 'owner' }).lean();
    return (await core.issueToken(owner!._id, 1)).token;
  } finally {
    await core.disconnectDatabase();
  }
}

describe('server rendering for a signed-in user', () => {
  it('forwards the token cookie to the API', async () => {
    const html = await (await fetch(`${webUrl}/`, { headers: { cookie: `userToken=${token}` } })).text();
    expect(html).toContain(nickname);
    expect(html).toContain('href="/user/messages"');
  });

  it('forwards the X-User-Token header to the API', async () => {
    const html = await (await fetch(`${webUrl}/`, { headers: { 'X-User-Token': token } })).text();
    expect(html).toContain(nickname);
  });

  it('lets the owner into /admin and the user centre', async () => {
    const cookie = { cookie: `userToken=${token}` };
    expect((await fetch(`${webUrl}/admin`, { headers: cookie })).status).toBe(200);
    expect((await fetch(`${webUrl}/user/favorites`, { headers: cookie, redirect: 'manual' })).status).toBe(
      200,
    );
  });
});

describe('the signed-in navigation', () => {
  it('shows the messages link and the user menu instead of 登录', async () => {
    const context = await ownerContext();
    try {
      const page = await context.newPage();
      await page.goto('/');
      await waitForHydration(page);
      const nav = page.getByTestId('desktop-nav');
      expect(await nav.getByRole('link', { name: '登录' }).count()).toBe(0);
      expect(await nav.getByTestId('message-notice').getAttribute('href')).toBe('/user/messages');
      await nav.getByTestId('user-menu').hover();
      const menu = nav.getByRole('menu');
      for (const item of ['个人中心', '消息', '我的收藏', '积分记录', '编辑资料', '账号设置', '退出登录']) {
        expect(await menu.getByRole('menuitem', { name: item, exact: true }).isVisible()).toBe(true);
      }
      expect(await menu.getByRole('menuitem', { name: '积分记录' }).getAttribute('href')).toBe(
        '/user/scores',
      );
      await screenshot(page, 'home-signed-in');

      await page.goto('/user/favorites');
      expect(await page.getByTestId('user-centre-header').textContent()).toContain(nickname);
      await screenshot(page, 'user-centre');
    } finally {
      await context.close();
    }
  });

  it('signs out: the cookie is gone and the home page shows 登录', async () => {
    const ownToken = await freshOwnerToken();
    const context = await ownerContext(ownToken);
    try {
      const page = await context.newPage();
      await signOutThroughMenu(page);
      const cookies = await context.cookies(webUrl);
      expect(cookies.find((cookie) => cookie.name === 'userToken')).toBeUndefined();
      const after = await fetch(`${webUrl}/trpc/users.current`, { headers: { 'X-User-Token': ownToken } });
      expect(((await after.json()) as { result: { data: unknown } }).result.data).toBeNull();
    } finally {
      await context.close();
    }
  });
});
