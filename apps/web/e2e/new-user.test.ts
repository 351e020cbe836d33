/**
 * What a first-time visitor hits, end to end: the desktop "发表" button and its choices, the
 * phone's sidebar (search, sign-out) and user-centre pages, tables, quoted comments, like totals,
 * sticky topics in the recommended list, unknown tags and nodes, sign-up, and the installable,
 * offline-aware site (service worker, manifest, robots.txt).
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type * as CoreModule from '@forum/core';
import type { Redis } from '@forum/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectToast,
  launchBrowser,
  phone,
  screenshot,
  screenshotDir,
  waitForHydration,
  withPage,
} from './browser';
import { callTrpc, keepSignUpCounts, type Account } from './api';
import { buildStackReader, rebuildStackReadModel, useStackRedis } from './read-model';

const webUrl = inject('webUrl');
const redisPrefix = inject('redisPrefix');
// The stack names its database after its Redis prefix (see stack.ts).
const database = redisPrefix.replace(/:$/, '');

type Core = typeof CoreModule;
let core: Core;
let redis: Redis;
let browser: Browser;
let closeRedis: (() => Promise<void>) | undefined;

const desktop = { viewport: { width: 1280, height: 900 } };
const themes = ['light', 'dark'] as const;

const TABLE_MARKDOWN = [
  '各模型在 AISHELL-1 上的字错误率：',
  '',
  '| 模型 | 参数量 | dev CER | test CER | 实时率 | 训练时长 |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  '| Conformer-CTC | 123456789 | 4.56789% | 5.12345% | 0.0123456 | 1234567.89 小时 |',
  '| Zipformer-Transducer | 987654321 | 4.01234% | 4.29876% | 0.0098765 | 2345678.90 小时 |',
].join('\n');
const QUOTE_MARKDOWN =
  '> 流式模型的首字延迟主要来自分块大小\n\n同意这个观点，补充一点：前端的 VAD 也有影响。';

let author: Account;
let tableTopicId: number;
let stickyTopicId: number;

beforeAll(async () => {
  core = await import('@forum/core');
  await core.connectDatabase(process.env.MONGO_URL!, database);
  closeRedis = useStackRedis(core);
  redis = core.createRedis(inject('redisUrl'));
  browser = await launchBrowser();

  author = await buildStackReader('新来的作者');
  const likers = await Promise.all(
    ['一', '二', '三', '四', '五', '六', '七'].map((n) => buildStackReader(`点赞者${n}`)),
  );
  tableTopicId = (
    await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '中文语音识别模型对比表', content: TABLE_MARKDOWN, tags: ['新人边角'] },
      author.token,
    )
  ).id;
  await callTrpc(
    'mutation',
    'comments.create',
    { entityType: 'topic', entityId: tableTopicId, content: QUOTE_MARKDOWN, contentType: 'markdown' },
    likers[0]!.token,
  );
  for (const liker of likers) {
    await callTrpc('mutation', 'likes.like', { entityType: 'topic', entityId: tableTopicId }, liker.token);
  }

  stickyTopicId = (
    await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: '置顶且推荐的新手指南', content: '欢迎来到语音社区。', tags: [] },
      author.token,
    )
  ).id;
  const now = Date.now();
  await core.Topic.updateOne({ _id: tableTopicId }, { $set: { recommend: true, recommendTime: now } });
  await core.Topic.updateOne(
    { _id: stickyTopicId },
    { $set: { sticky: true, stickyTime: now, recommend: true, recommendTime: now } },
  );
  await rebuildStackReadModel(core);
});

afterAll(async () => {
  await browser?.close();
  redis?.disconnect();
  if (!core) return;
  // Later files expect no sticky topic of ours on their lists.
  await core.Topic.updateOne({ _id: stickyTopicId }, { $set: { sticky: false, recommend: false } });
  await core.reprojectTopic(stickyTopicId);
  await closeRedis?.();
  await core.disconnectDatabase();
});

describe('the desktop "发表" button', () => {
  it('goes to a new topic when clicked, and offers its choices from the chevron beside it', async () => {
    for (const colorScheme of themes) {
      await withPage(browser, { ...desktop, colorScheme, token: author.token }, async (page) => {
        await page.goto('/');
        await waitForHydration(page);
        const nav = page.getByTestId('desktop-nav');
        const chevron = nav.getByRole('button', { name: '更多发表选项' });
        await chevron.hover();
        const menu = nav.getByRole('menu');
        await menu.waitFor();
        expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['发话题', '发动态', '发文章']);
        expect(await menu.getByRole('menuitem', { name: '发动态' }).getAttribute('href')).toBe(
          '/topic/create?type=1',
        );
        await screenshot(page, `create-menu-desktop-${colorScheme}`);

        // A click on the chevron toggles the menu (touch, keyboard); the button itself navigates.
        await page.mouse.move(0, 400);
        await nav.getByTestId('create-button').click();
        await page.waitForURL((url) => url.pathname === '/topic/create');
      });
    }
  });

  it('opens the choices with a click on the chevron, without hover', async () => {
    await withPage(browser, { ...desktop, hasTouch: true }, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      const nav = page.getByTestId('desktop-nav');
      await nav.getByRole('button', { name: '更多发表选项' }).tap();
      await nav.getByRole('menu').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });
});

describe('the phone sidebar', () => {
  it('searches from the sidebar as the desktop box does', async () => {
    await withPage(browser, phone, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      await page.getByTestId('mobile-sidebar-toggle').click();
      const input = page.getByTestId('mobile-sidebar').getByRole('searchbox', { name: '搜索' });
      await input.fill('端到端 语音识别');
      await Promise.all([page.waitForURL('**/search?q=*'), input.press('Enter')]);
      expect(new URL(page.url()).searchParams.get('q')).toBe('端到端 语音识别');
    });
  });

  it('signs the reader out', async () => {
    const reader = await buildStackReader('要退出的人');
    for (const colorScheme of themes) {
      await withPage(browser, { ...phone, colorScheme, token: reader.token }, async (page) => {
        await page.goto('/about');
        await waitForHydration(page);
        await page.getByTestId('mobile-sidebar-toggle').click();
        const sidebar = page.getByTestId('mobile-sidebar');
        expect(await sidebar.getByTestId('mobile-sidebar-user').textContent()).toBe('要退出的人');
        // The sidebar slides in; the shot is of it open.
        await page.waitForSelector('[data-testid="mobile-sidebar"][data-open="true"]');
        await page.waitForTimeout(350);
        await screenshot(page, `mobile-sidebar-signed-in-${colorScheme}`);
        if (colorScheme === 'dark') {
          await Promise.all([
            page.waitForURL((url) => url.pathname === '/'),
            sidebar.getByRole('button', { name: '退出登录' }).click(),
          ]);
          await waitForHydration(page);
          await page.getByTestId('mobile-sidebar-toggle').click();
          expect(await sidebar.getByRole('link', { name: '登录' }).isVisible()).toBe(true);
          const current = await page.evaluate(async () => (await fetch('/api/user/current')).json());
          expect((current as { data: unknown }).data).toBeNull();
        }
      });
    }
  });
});

describe('the user-centre pages on a phone', () => {
  it('shows favourites, messages and points first, the profile widgets after them', async () => {
    for (const [address, name] of [
      ['/user/favorites', 'favorites'],
      ['/user/messages', 'messages'],
      ['/user/scores', 'scores'],
    ] as const) {
      await withPage(browser, { ...phone, token: author.token }, async (page) => {
        await page.goto(address);
        await waitForHydration(page);
        const content = await page.getByTestId('user-centre-page').boundingBox();
        const widgets = await page.getByTestId('user-centre-sidebar').boundingBox();
        expect(content && widgets && content.y < widgets.y).toBe(true);
        // The page starts right under the bar, not below a banner.
        expect(content!.y).toBeLessThan(120);
        expect(await page.getByTestId('user-centre-header').isVisible()).toBe(false);
        await screenshot(page, `user-centre-${name}-mobile`);
      });
    }
  });

  it('keeps the banner and the widgets beside the page on a desktop', async () => {
    await withPage(browser, { ...desktop, token: author.token }, async (page) => {
      await page.goto('/user/favorites');
      await waitForHydration(page);
      expect(await page.getByTestId('user-centre-header').isVisible()).toBe(true);
      const content = await page.getByTestId('user-centre-page').boundingBox();
      const widgets = await page.getByTestId('user-centre-sidebar').boundingBox();
      expect(widgets!.x).toBeLessThan(content!.x);
      await screenshot(page, 'user-centre-favorites-desktop');
    });
  });
});

describe('content', () => {
  it('scrolls a wide table sideways on a phone and keeps every number on one line', async () => {
    for (const colorScheme of themes) {
      await withPage(browser, { ...phone, colorScheme }, async (page) => {
        await page.goto(`/topic/${tableTopicId}`);
        await waitForHydration(page);
        const table = page.getByTestId('topic-content').locator('table');
        const size = await table.evaluate((element) => ({
          scroll: element.scrollWidth,
          client: element.clientWidth,
          page: document.documentElement.scrollWidth,
        }));
        expect(size.scroll).toBeGreaterThan(size.client);
        // The table scrolls inside the column; the page itself does not get wider than the screen.
        expect(size.page).toBeLessThanOrEqual(375);
        const lines = await table.locator('td').evaluateAll((cells) =>
          cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return { text: cell.textContent, lines: tops.size };
          }),
        );
        const numbers = lines.filter((cell) => /\d/.test(cell.text ?? ''));
        expect(numbers.length).toBeGreaterThan(8);
        for (const cell of numbers) expect(cell, cell.text ?? '').toMatchObject({ lines: 1 });
        await screenshot(page, `table-mobile-${colorScheme}`);
      });
    }
  });

  it('renders a quoting comment as a styled quote without blank lines', async () => {
    for (const colorScheme of themes) {
      await withPage(browser, { ...desktop, colorScheme }, async (page) => {
        await page.goto(`/topic/${tableTopicId}`);
        await waitForHydration(page);
        const comment = page.getByTestId('comment-content').first();
        const style = await comment.evaluate((element) => {
          const quote = element.querySelector('blockquote')!;
          const quoteStyle = getComputedStyle(quote);
          const paragraph = element.querySelector('blockquote + p')!;
          return {
            whiteSpace: getComputedStyle(element).whiteSpace,
            quoteBorder: quoteStyle.borderLeftWidth,
            quoteMarginTop: quoteStyle.marginTop,
            gap: paragraph.getBoundingClientRect().top - quote.getBoundingClientRect().bottom,
            quoteText: quote.textContent?.trim(),
          };
        });
        expect(style.quoteText).toBe('流式模型的首字延迟主要来自分块大小');
        expect(style.whiteSpace).toBe('normal');
        expect(parseFloat(style.quoteBorder)).toBeGreaterThan(0);
        expect(style.quoteMarginTop).toBe('0px');
        // Less than one line (14px text) between the quote and the answer under it.
        expect(style.gap).toBeLessThan(14);
        await comment.scrollIntoViewIfNeeded();
        await page
          .getByTestId('comment')
          .first()
          .screenshot({
            path: path.join(screenshotDir, `quote-comment-${colorScheme}.png`),
          });
      });
    }
  });

  it('counts every like in "N人点赞", not the avatars shown', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto(`/topic/${tableTopicId}`);
      await waitForHydration(page);
      const likers = page.getByTestId('recent-likers');
      await likers.waitFor();
      expect(await page.getByTestId('like-total').textContent()).toBe('7人点赞');
      // One avatar each for the five newest likers.
      expect(await likers.locator('span[title]').count()).toBe(5);
    });
  });

  it('lists a sticky recommended topic once on the recommended page', async () => {
    const recommended = await (await fetch(`${webUrl}/api/topic/topics?recommend=true`)).json();
    const ids = (recommended as { data: { results: { topicId: number }[] } }).data.results.map(
      (t) => t.topicId,
    );
    // The list itself holds the topic; the page shows it once, on top.
    expect(ids).toContain(stickyTopicId);
    await withPage(browser, desktop, async (page) => {
      await page.goto('/topics/node/recommend');
      await waitForHydration(page);
      const itemsOf = (list: string) =>
        page
          .getByTestId(list)
          .getByTestId('topic-item')
          .filter({ has: page.locator(`a[href="/topic/${stickyTopicId}"]`) });
      expect(await itemsOf('sticky-topics').count()).toBe(1);
      expect(await itemsOf('topic-list').count()).toBe(0);
      expect(await page.getByTestId('topic-list').getByTestId('topic-item').count()).toBeGreaterThan(0);
    });
  });

  it('answers an unknown tag or node with the 404 page', async () => {
    for (const address of ['/topics/tag/987654321', '/articles/987654321', '/topics/node/987654321']) {
      const response = await fetch(`${webUrl}${address}`);
      expect(response.status, address).toBe(404);
      expect(await response.text(), address).toContain('页面没找到');
    }
    await withPage(browser, phone, async (page) => {
      const response = await page.goto('/topics/tag/987654321');
      expect(response?.status()).toBe(404);
      expect(await page.getByTestId('error-description').textContent()).toBe('页面没找到');
    });
    // A known tag still names its page.
    const tags = await (await fetch(`${webUrl}/api/tag/tags`)).json();
    const tag = (tags as { data: { results: { tagId: number; tagName: string }[] } }).data.results.find(
      (candidate) => candidate.tagName === '新人边角',
    );
    const html = await (await fetch(`${webUrl}/topics/tag/${tag!.tagId}`)).text();
    expect(html).toContain('标签：新人边角');
  });
});

describe('sign-up', () => {
  // This file gives its sign-up back (see keepSignUpCounts).
  let giveBack: () => Promise<void>;
  beforeAll(async () => {
    giveBack = await keepSignUpCounts();
  });
  afterAll(async () => {
    await giveBack?.();
  });

  it('says it worked and opens the new user profile when there is no ref', async () => {
    await withPage(browser, phone, async (page) => {
      await page.goto('/user/signup');
      await waitForHydration(page);
      const form = page.getByTestId('signup-form');
      const suffix = Math.random().toString(36).slice(2, 8);
      await form.locator('input[name="nickname"]').fill(`新人${suffix}`);
      await form.locator('input[name="email"]').fill(`new-${suffix}@example.com`);
      await form.locator('input[name="password"]').fill('secret-123');
      await form.locator('input[name="rePassword"]').fill('secret-123');
      const image = page.getByTestId('captcha-image');
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="captcha-image"]');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      const captchaId = new URL((await image.getAttribute('src'))!, webUrl).searchParams.get('captchaId');
      await form
        .locator('input[name="captchaCode"]')
        .fill((await redis.get(`${redisPrefix}captcha:${captchaId}`))!);
      await form.getByRole('button', { name: '注册' }).click();
      await expectToast(page, '注册成功');
      await page.waitForURL((url) => /^\/user\/\d+$/.test(url.pathname));
      await waitForHydration(page);
      expect(await page.getByTestId('profile-nickname').textContent()).toBe(`新人${suffix}`);
    });
  });
});

describe('an installable site', () => {
  it('serves robots.txt with the sitemap, and the manifest with its icons', async () => {
    const robots = await fetch(`${webUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);

    const html = await (await fetch(`${webUrl}/`)).text();
    // Head links carry the page's CSP nonce, as every element the router renders there.
    expect(html).toMatch(/<link (nonce="[^"]+" )?rel="manifest" href="\/manifest\.webmanifest"\/>/);
    const manifest = (await (await fetch(`${webUrl}/manifest.webmanifest`)).json()) as {
      name: string;
      icons: { src: string; type: string }[];
    };
    expect(manifest.name).toBe('语音社区');
    for (const icon of manifest.icons) {
      const response = await fetch(`${webUrl}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toContain(icon.type);
    }

    const worker = await fetch(`${webUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toContain('javascript');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('registers a service worker that keeps assets, never API answers, and shows the offline page', async () => {
    await withPage(browser, { ...phone, token: author.token }, async (page, context) => {
      await page.goto('/');
      await waitForHydration(page);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${webUrl}/`);
      // Once the worker controls the page, what the page loads goes through it.
      await page.reload();
      await waitForHydration(page);
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      await page.goto(`/topic/${tableTopicId}`);
      await waitForHydration(page);

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
        }
        return urls;
      });
      expect(cached).toContain('/offline.html');
      expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
      expect(
        cached.filter((url) => /^\/(api|trpc|socket\.io)\//.test(url) || url.startsWith('/topic/')),
      ).toEqual([]);

      await context.setOffline(true);
      await page.goto('/about').catch(() => undefined);
      await page.getByTestId('offline-page').waitFor();
      expect(await page.getByRole('heading').textContent()).toBe('网络已断开');
      await screenshot(page, 'offline-mobile');
      await context.setOffline(false);
    });
  });
});
