import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { webDir } from './stack';

export const screenshotDir = path.join(webDir, 'test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(screenshotDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // A full-page shot of a scrolled page draws the sticky header in the middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The client router exists once hydration has started; React replays clicks that come before it ends. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window && document.readyState === 'complete');
  await page.waitForLoadState('networkidle');
}

/** Waits for a toast (a status or an alert) saying `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: text }).first().waitFor();
}

/** Signs out through the desktop user menu, from /about, and waits for the home page to show 登录. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.goto('/about');
  await waitForHydration(page);
  const nav = page.getByTestId('desktop-nav');
  await nav.getByTestId('user-menu').hover();
  await nav.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForSelector('[data-testid="desktop-nav"] >> text=登录');
}

/** The context options of an iPhone whose screen is `width` × `height`. */
export function iPhone(width: number, height: number) {
  return {
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  };
}
