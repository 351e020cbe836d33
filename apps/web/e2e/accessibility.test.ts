/**
 * Accessibility of the pages a first visitor sees: axe-core finds no serious or critical violation
 * on the home page, a topic, the article list, a profile and the sign-in page, in both themes and
 * on desktop and phone; Lighthouse's accessibility score on its mobile preset is at least 95.
 */
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../app/features/theme/theme';
import { callTrpc } from './api';
import { launchBrowser, waitForHydration } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
const pages: { name: string; path: string }[] = [];

beforeAll(async () => {
  const author = await makeStackReader('无障碍作者');
  const topic = await callTrpc<{ id: number }>(
    'mutation',
    'topics.create',
    {
      type: 0,
      nodeId: 0,
      title: '读屏软件能读出这个话题吗',
      content:
        '正文有**强调**、`代码`、[链接](https://example.com)和一张表：\n\n| 模型 | WER |\n|---|---|\n| Conformer | 4.3% |',
    },
    author.token,
  );
  pages.push(
    { name: 'home', path: '/' },
    { name: 'topic', path: `/topic/${topic.id}` },
    { name: 'articles', path: '/articles' },
    { name: 'profile', path: `/user/${author.id}` },
    { name: 'sign-in', path: '/user/signin' },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const devices = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
};

/** One line per violated rule and element, with axe's reason (for contrast: both colours and the ratio). */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 90)} — ${
            node.any[0]?.message ?? violation.help
          }`,
      ),
  );
}

describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [deviceName, device] of Object.entries(devices)) {
      it(
        `has no serious or critical axe violation on any first-visit page, ${theme} theme, ${deviceName}`,
        { timeout: 240_000 },
        async () => {
          const context = await browser.newContext({ ...device, locale: 'zh-CN' });
          // The theme is remembered in localStorage and applied before the first paint.
          await context.addInitScript(
            ([key, chosen]) => localStorage.setItem(key!, chosen!),
            [THEME_STORAGE_KEY, theme],
          );
          const page = await context.newPage();
          try {
            const found: string[] = [];
            for (const { name, path } of pages) {
              await page.goto(`${webUrl}${path}`);
              await waitForHydration(page);
              expect(await page.evaluate(() => document.documentElement.className)).toContain(
                `${theme}-mode`,
              );
              const result = await new AxeBuilder({ page })
                .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
                .analyze();
              const blocking = result.violations.filter(
                (violation) => violation.impact === 'serious' || violation.impact === 'critical',
              );
              found.push(...describeViolations(blocking).map((line) => `${name}: ${line}`));
            }
            expect(found).toEqual([]);
          } finally {
            await context.close();
          }
        },
      );
    }
  }

  it(
    'scores at least 95 for accessibility in Lighthouse on its mobile preset',
    { timeout: 300_000 },
    async () => {
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const scores: Record<string, number> = {};
        const audit = (path: string) =>
          lighthouse(`${webUrl}${path}`, {
            port: chrome.port,
            onlyCategories: ['accessibility'],
            output: 'json',
            logLevel: 'error',
          });
        for (const { name, path } of pages) {
          let result = await audit(path);
          // Lighthouse gives no score when its own run failed (a page that took too long to paint on
          // a loaded machine): that run measured nothing, so it is made once more, and a second
          // failure fails the test with Lighthouse's reason.
          if (result?.lhr.categories.accessibility?.score == null) {
            console.log(
              `[lighthouse] ${name}: no score (${result?.lhr.runtimeError?.message ?? 'no result'}), again`,
            );
            result = await audit(path);
          }
          const score = result?.lhr.categories.accessibility?.score;
          if (score == null)
            throw new Error(`Lighthouse measured nothing on ${path}: ${result?.lhr.runtimeError?.message}`);
          scores[name] = Math.round(score * 100);
        }
        console.log(`[lighthouse] accessibility, mobile preset: ${JSON.stringify(scores)}`);
        for (const score of Object.values(scores)) expect(score).toBeGreaterThanOrEqual(95);
      } finally {
        chrome.kill();
      }
    },
  );
});
