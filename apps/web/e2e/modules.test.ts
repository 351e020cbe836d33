/** Site modules end to end: a module the owner switches off loses its pages, nav link and create entry. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { desktop, launchBrowser, waitForHydration, webContext } from './browser';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
let browser: Browser;
/** An owner of this file's own: other files sign the shared owner out. */
let ownerToken: string;

const allOn = [
  { module: 'tweet', enabled: true },
  { module: 'topic', enabled: true },
  { module: 'article', enabled: true },
];

function saveModules(modules: typeof allOn) {
  return callTrpc('mutation', 'config.save', { modules }, ownerToken);
}

beforeAll(async () => {
  ownerToken = (await makeStackReader('模块站长', ['owner'])).token;
  browser = await launchBrowser();
});
afterAll(async () => {
  await saveModules(allOn);
  await browser?.close();
});

describe('site modules', () => {
  it('a disabled article module: its pages are the 404 page, its nav link and 发文章 are gone', async () => {
    await saveModules(
      allOn.map((entry) => (entry.module === 'article' ? { ...entry, enabled: false } : entry)),
    );
    // The web servers drop their cached pages when the config is saved; wait for that message.
    await expect.poll(async () => (await fetch(`${webUrl}/articles`)).status, { timeout: 10_000 }).toBe(404);
    const page404 = await fetch(`${webUrl}/articles`);
    expect(await page404.text()).toContain('页面没找到');
    expect((await fetch(`${webUrl}/topics`)).status).toBe(200);

    const context = await webContext(browser, { ...desktop, token: ownerToken });
    try {
      const page = await context.newPage();
      expect((await page.goto('/article/create'))?.status()).toBe(404);
      await page.goto('/');
      await waitForHydration(page);
      const nav = page.getByTestId('desktop-nav');
      await expect.poll(() => nav.getByRole('link', { name: '话题', exact: true }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: '文章', exact: true }).count()).toBe(0);
      await page.getByTestId('create-menu').hover();
      const choices = page.getByTestId('create-menu').getByRole('menuitem');
      await expect.poll(() => choices.allTextContents()).toEqual(['发话题', '发动态']);
    } finally {
      await context.close();
    }

    await saveModules(allOn);
    await expect.poll(async () => (await fetch(`${webUrl}/articles`)).status, { timeout: 10_000 }).toBe(200);
  });
});
