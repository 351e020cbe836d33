import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { captchaDigits } from './api';
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

/**
 * The client router exists once hydration has started; React replays clicks that come before it ends.
 * A minute, not Playwright's 30 s: the end-to-end files share two cores with the rest of the suite.
 * On a loaded machine the first page of a fresh browser has now and then stayed unhydrated, its
 * document complete and no router made (twice in a suite run on a slow day, never alone): such a
 * page is reloaded once, and what the browser saw goes to the test's output so the cause can be
 * found. A page that does not hydrate after the reload either fails the test saying the same.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!(await hydrates(page))) {
    const seen = await pageReport(page);
    console.warn(`a page did not hydrate within a minute; reloading it once: ${seen}`);
    await page.reload();
    if (!(await hydrates(page))) throw new Error(`the page did not hydrate: ${await pageReport(page)}`);
  }
  await page.waitForLoadState('networkidle');
}

async function hydrates(page: Page): Promise<boolean> {
  return page
    .waitForFunction(
      () => '__reactRouterDataRouter' in window && document.readyState === 'complete',
      undefined,
      {
        timeout: 60_000,
      },
    )
    .then(
      () => true,
      () => false,
    );
}

/**
 * Clicks `link` and waits for the page to reach `url` (a glob): a minute, as `waitForHydration`
 * waits, and then fails saying where the page stood, its errors, and the requests that failed or
 * were still under way. Once in a suite run on a loaded machine a click of the 关注 tab left the
 * page on /topics for 30 s with nothing said; never alone.
 */
export async function clickThrough(page: Page, link: Locator, url: string): Promise<void> {
  await link.click();
  try {
    await page.waitForURL(url, { timeout: 60_000 });
  } catch (error) {
    throw new Error(`a click did not reach ${url} within a minute: ${await pageReport(page)}`, {
      cause: error,
    });
  }
}

/** Where the page stood, its errors, and the requests that failed, were refused or never answered. */
async function pageReport(page: Page): Promise<string> {
  const state = await page
    .evaluate(() => ({
      url: location.href,
      title: document.title,
      readyState: document.readyState,
      router: '__reactRouterDataRouter' in window,
    }))
    .catch((reason: Error) => reason.message);
  const errors = [
    ...(await page.pageErrors()).map((error) => error.message),
    ...(await page.consoleMessages()).filter((message) => message.type() === 'error').map((m) => m.text()),
  ];
  const failed: string[] = [];
  const unanswered: string[] = [];
  for (const request of await page.requests()) {
    const failure = request.failure();
    // A request still under way has no answer to wait for here: it is listed as such.
    const answered = Promise.race([
      request.response(),
      new Promise<null>((done) => setTimeout(() => done(null), 500)),
    ]);
    const response = failure ? null : await answered;
    const status = response?.status() ?? 0;
    if (failure || status >= 400) failed.push(`${request.url()} ${failure?.errorText ?? status}`);
    else if (!response) unanswered.push(request.url());
  }
  return JSON.stringify({ state, errors, failed, unanswered });
}

/** What goes wrong on `page` from now on: uncaught errors and console errors (a hydration mismatch is one). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

/**
 * The digits of the captcha the form shows, read once its image (which draws them) has loaded;
 * `readDigits` finds them in the Redis of the page's stack (the shared one unless given).
 */
export async function shownCaptchaDigits(
  page: Page,
  readDigits: (captchaId: string) => Promise<string> = captchaDigits,
): Promise<string> {
  const image = page.getByTestId('captcha-image');
  await image.waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  const src = (await image.getAttribute('src'))!;
  return readDigits(new URL(src, page.url()).searchParams.get('captchaId')!);
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

/** A desktop window and a phone (an iPhone's screen, touch and user agent) to open pages in. */
export const desktop = { viewport: { width: 1280, height: 800 } };
export const phone = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

/** A desktop and a phone at the sizes the screenshots of a reviewed change are taken at. */
export const reviewDevices = {
  desktop: { viewport: { width: 1366, height: 800 } },
  phone: { ...phone, viewport: { width: 390, height: 844 } },
} as const;

export type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]> & {
  /** Signs the context in: the `userToken` cookie the web app reads. */
  token?: string;
};

/** A browser context on the stack's web app (its base URL, in Chinese), signed in when given a token. */
export async function webContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const { token, ...contextOptions } = options;
  const webUrl = inject('webUrl');
  const context = await browser.newContext({ baseURL: webUrl, locale: 'zh-CN', ...contextOptions });
  if (token) await context.addCookies([{ name: 'userToken', value: token, url: webUrl }]);
  return context;
}

/** Runs `run` on a page of a new context (see `webContext`), closing the context afterwards. */
export async function withPage(
  browser: Browser,
  options: ContextOptions,
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const context = await webContext(browser, options);
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** A PNG of one colour, to upload as a picture. */
export function solidPng(color: string, width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
