/**
 * The browser build runs on Preact's React API while the server renders with React (vite.config.ts,
 * entry.client.tsx). Preact pairs the server's elements with its render by tag and in order, so
 * these check what a mismatch would break without an error: the stylesheets survive hydration, no
 * part of the page is drawn twice, and the router then renders the pages it navigates to.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitFor } from '@forum/core/testing';
import { desktop, launchBrowser, waitForHydration, webContext } from './browser';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');
const ownerToken = inject('ownerToken');

let browser: Browser;
let topicPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${apiUrl}/api/topic/create`, {
    method: 'POST',
    headers: { 'x-user-token': ownerToken, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ title: '水合检查的话题', content: '水合检查的正文' }).toString(),
  });
  const { data } = (await response.json()) as { data: { topicId: number } };
  topicPath = `/topic/${data.topicId}`;
  // Until the home page lists it, a page rendered before could be served and then grow by it.
  await waitFor('the home page to list the new topic', async () =>
    (await (await fetch(`${webUrl}/`)).text()).includes(topicPath),
  );
});
afterAll(async () => {
  await browser?.close();
});

async function openHydrated(
  path: string,
  run: (page: Page, errors: string[], html: string) => Promise<void>,
): Promise<void> {
  const context = await webContext(browser, desktop);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  try {
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    await waitForHydration(page);
    await run(page, errors, html);
  } finally {
    await context.close();
  }
}

/** Elements the server sent, counted in its HTML the way the page counts them after hydration. */
function countInHtml(html: string, pattern: RegExp): number {
  return html.match(pattern)?.length ?? 0;
}

describe('hydration on Preact', () => {
  it.each(['/', '/articles', 'topic'])('keeps the server render of %s whole', async (which) => {
    await openHydrated(which === 'topic' ? topicPath : which, async (page, errors, html) => {
      const sent = {
        sheets: countInHtml(html, /<link[^>]*rel="stylesheet"|<style[\s>]/g),
        headers: countInHtml(html, /<header[\s>]/g),
        bodies: 1,
      };
      expect(sent.sheets).toBeGreaterThan(0);
      const after = await page.evaluate(() => ({
        sheets: document.styleSheets.length,
        headers: document.querySelectorAll('header').length,
        bodies: document.querySelectorAll('body').length,
      }));
      expect(after).toEqual(sent);
      // The site's stylesheet paints the page's background; unstyled, it would be transparent.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
        'rgba(0, 0, 0, 0)',
      );
      expect(errors).toEqual([]);
    });
  });

  it('renders the page a link leads to without loading the document again', async () => {
    await openHydrated('/', async (page, errors) => {
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.locator(`main a[href="${topicPath}"]`).first().click();
      await page.waitForURL(`**${topicPath}`);
      await expect.poll(() => page.getByTestId('topic-detail').textContent()).toContain('水合检查的话题');
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(1);
      expect(errors).toEqual([]);
    });
  });
});
