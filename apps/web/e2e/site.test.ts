import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { desktop, launchBrowser, pageErrors, phone, screenshot, waitForHydration, withPage } from './browser';

const webUrl = inject('webUrl');
const seededTitle = '语音社区';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('server rendering', () => {
  it('renders the home page with the site title, language and head tags without JavaScript', async () => {
    const response = await fetch(`${webUrl}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="zh-cmn-Hans"');
    expect(html).toContain(`<title>${seededTitle}</title>`);
    expect(html).toMatch(/<meta name="description" content="面向语音研究者的中文社区/);
    expect(html).toContain('<meta name="keywords" content="语音识别,语音合成,声学模型,语音社区"/>');
    expect(html).toContain('href="/atom.xml"');
    expect(html).toContain('href="/topic_atom.xml"');
    expect(html).toContain('href="/articles"');
  });

  it('answers an unknown path with a real 404 and the error page', async () => {
    const response = await fetch(`${webUrl}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('页面没找到');
    expect(html).toContain('点击这里反馈该问题&gt;&gt;');
    expect(html).toContain(`<title>页面没找到 | ${seededTitle}</title>`);
  });

  it('sends a visitor at /admin to sign in, with the way back', async () => {
    const response = await fetch(`${webUrl}/admin/settings?tab=2`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/user/signin?ref=%2Fadmin%2Fsettings%3Ftab%3D2');
  });

  it('sends a visitor from the user centre to sign in, with the way back', async () => {
    const response = await fetch(`${webUrl}/user/favorites?tab=1`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/user/signin?ref=%2Fuser%2Ffavorites%3Ftab%3D1');
  });

  it('proxies the API paths to the API', async () => {
    const response = await fetch(`${webUrl}/api/config/configs`);
    const body = (await response.json()) as { success: boolean; data: { siteTitle: string } };
    expect(body.data.siteTitle).toBe(seededTitle);
    expect(await (await fetch(`${webUrl}/healthz`)).text()).toBe('ok');
  });
});

describe('desktop', () => {
  it('shows the configured title, navigation and site data on the home page', async () => {
    await withPage(browser, desktop, async (page) => {
      // A hydration mismatch shows up as a console error (React's recoverable errors).
      const errors = pageErrors(page);
      await page.goto('/');
      await waitForHydration(page);
      expect(await page.title()).toBe(seededTitle);
      expect(errors).toEqual([]);
      const nav = page.getByTestId('desktop-nav');
      for (const title of ['首页', '话题', '文章']) {
        expect(await nav.getByRole('link', { name: title, exact: true }).isVisible()).toBe(true);
      }
      expect(await nav.getByRole('link', { name: '登录' }).isVisible()).toBe(true);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
        '面向语音研究者的中文社区',
      );
      // Other e2e files may have left topics behind: the feed shows either them or its empty state.
      expect(await page.locator('[data-testid="topic-list"], :text("暂无话题")').first().isVisible()).toBe(
        true,
      );
      expect(await page.getByTestId('site-footer').textContent()).toContain(
        `© ${new Date().getFullYear()} ${seededTitle}`,
      );
      await screenshot(page, 'home-desktop');
    });
  });

  it('navigates on the client and titles the page "page | site"', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      await page.getByTestId('site-footer').getByRole('link', { name: '关于' }).click();
      await page.waitForURL('**/about');
      await page.waitForFunction((title) => document.title === title, `关于 | ${seededTitle}`);
      await screenshot(page, 'about-desktop');
    });
  });

  it('switches to dark mode with the toggle and keeps it after a reload', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      const htmlClass = () => page.evaluate(() => document.documentElement.className);
      expect(await htmlClass()).toContain('light-mode');
      await page.getByTestId('desktop-nav').getByTestId('theme-toggle').click();
      expect(await htmlClass()).toContain('dark-mode');
      await page.reload();
      expect(await htmlClass()).toContain('dark-mode');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(18, 18, 18)');
      await waitForHydration(page);
      await screenshot(page, 'home-dark');
      await page.getByTestId('desktop-nav').getByTestId('theme-toggle').click();
      expect(await htmlClass()).toContain('light-mode');
    });
  });

  it('shows the 404 page with status 404 in the browser', async () => {
    await withPage(browser, desktop, async (page) => {
      const response = await page.goto('/definitely/not/here');
      expect(response?.status()).toBe(404);
      expect(await page.getByTestId('error-description').textContent()).toBe('页面没找到');
      expect(await page.getByRole('link', { name: '点击这里反馈该问题>>' }).getAttribute('href')).toBe(
        '/topic/create',
      );
      await screenshot(page, 'not-found');
    });
  });

  it('remembers searches and does not submit an empty keyword', async () => {
    await withPage(browser, desktop, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      const input = page.getByTestId('desktop-nav').getByPlaceholder('输入你想查找的内容');
      expect(await input.getAttribute('maxlength')).toBe('30');
      await input.press('Enter');
      expect(new URL(page.url()).pathname).toBe('/');
      await input.fill('语音 合成');
      await Promise.all([page.waitForURL('**/search?q=*'), input.press('Enter')]);
      expect(new URL(page.url()).searchParams.get('q')).toBe('语音 合成');
      const stored = await page.evaluate(() => localStorage.getItem('bbsgo.search.histories'));
      expect(JSON.parse(stored ?? '[]')).toEqual(['语音 合成']);
    });
  });
});

describe('mobile', () => {
  it('opens the sidebar, closes it with the overlay and on navigation', async () => {
    await withPage(browser, phone, async (page) => {
      await page.goto('/about');
      await waitForHydration(page);
      expect(await page.getByTestId('desktop-nav').isVisible()).toBe(false);
      const sidebar = page.getByTestId('mobile-sidebar');
      const overlay = page.getByTestId('mobile-overlay');

      await page.getByTestId('mobile-sidebar-toggle').click();
      expect(await sidebar.getAttribute('data-open')).toBe('true');
      expect(await sidebar.getByRole('link', { name: '登录' }).isVisible()).toBe(true);
      await page.waitForTimeout(350);
      await screenshot(page, 'mobile-sidebar');

      await overlay.click({ position: { x: 340, y: 600 } });
      expect(await sidebar.getAttribute('data-open')).toBe('false');
      expect(await overlay.count()).toBe(0);

      await page.getByTestId('mobile-sidebar-toggle').click();
      expect(await sidebar.getAttribute('data-open')).toBe('true');
      await sidebar.getByRole('link', { name: '首页' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // The URL changes first; React commits the new route in a transition right after.
      await page.waitForSelector('[data-testid="mobile-sidebar"][data-open="false"]');
      expect(await overlay.count()).toBe(0);
    });
  });

  it('opens the nodes panel with 最新 and 推荐, and the sidebar closes it', async () => {
    await withPage(browser, phone, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      await page.getByTestId('mobile-nodes-toggle').click();
      const nodes = page.getByTestId('mobile-nodes');
      expect(await nodes.getByRole('link', { name: '最新' }).getAttribute('href')).toBe(
        '/topics/node/newest',
      );
      expect(await nodes.getByRole('link', { name: '推荐' }).getAttribute('href')).toBe(
        '/topics/node/recommend',
      );
      await screenshot(page, 'mobile-nodes');

      await page.getByTestId('mobile-sidebar-toggle').click();
      expect(await nodes.count()).toBe(0);
      expect(await page.getByTestId('mobile-sidebar').getAttribute('data-open')).toBe('true');
    });
  });

  it('renders the home page for a phone', async () => {
    await withPage(browser, phone, async (page) => {
      await page.goto('/');
      await waitForHydration(page);
      expect(await page.title()).toBe(seededTitle);
      // Other e2e files may have left topics behind: the feed shows either them or its empty state.
      expect(await page.locator('[data-testid="topic-list"], :text("暂无话题")').first().isVisible()).toBe(
        true,
      );
      await screenshot(page, 'home-mobile');
    });
  });
});
