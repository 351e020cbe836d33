/**
 * The content pages end to end: posting a topic (Markdown, code, an uploaded image), a tweet with
 * images and an article with tags; a second user comments, replies, likes and favourites; the
 * detail pages arrive server-rendered; drafts survive a reload; the image viewer opens; and
 * user-supplied XSS payloads run nothing in the browser.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findXss, xssCorpus } from '@forum/core/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc, signUpByApi, type Account } from './api';
import {
  expectToast,
  launchBrowser,
  screenshot,
  screenshotDir,
  solidPng,
  waitForHydration,
  webContext,
} from './browser';

const webUrl = inject('webUrl');
const siteTitle = '语音社区';

let browser: Browser;

const contextFor = (account: Account) =>
  webContext(browser, { viewport: { width: 1280, height: 900 }, token: account.token });

/** The page as a crawler gets it: server-rendered HTML, no scripts run. */
async function serverHtml(path: string, account?: Account): Promise<{ status: number; html: string }> {
  const response = await fetch(`${webUrl}${path}`, {
    headers: account ? { cookie: `userToken=${account.token}` } : {},
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text() };
}

const idFrom = (page: Page, kind: 'topic' | 'article') =>
  Number(new RegExp(`/${kind}/(\\d+)$`).exec(new URL(page.url()).pathname)![1]);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the content pages', () => {
  let alice: Account;
  let bob: Account;
  let aliceContext: BrowserContext;
  let bobContext: BrowserContext;

  beforeAll(async () => {
    alice = await signUpByApi('爱丽丝');
    bob = await signUpByApi('波波');
    aliceContext = await contextFor(alice);
    bobContext = await contextFor(bob);
  });
  afterAll(async () => {
    await aliceContext?.close();
    await bobContext?.close();
  });

  it('sends a visitor who wants to post to sign in and back', async () => {
    expect((await serverHtml('/topic/create?type=1')).status).toBe(302);
    const response = await fetch(`${webUrl}/article/create`, { redirect: 'manual' });
    expect(response.headers.get('location')).toBe(
      `/user/signin?ref=${encodeURIComponent('/article/create')}`,
    );
  });

  it('posts a topic, which the server renders, whose images open in the viewer, which another user comments on, likes and favourites, and which its author edits', async () => {
    let topicId = 0;
    // Alice posts it with Markdown, a code block, an uploaded image and tags.
    {
      const page = await aliceContext.newPage();
      await page.goto('/topic/create');
      await waitForHydration(page);
      expect(await page.title()).toBe(`发话题 | ${siteTitle}`);
      await page.getByPlaceholder('请输入话题标题').fill('端到端的语音识别');
      const editor = page.getByTestId('topic-editor');
      const textarea = editor.locator('textarea');
      await textarea.fill(
        '## 模型\n\n**CTC** 与注意力。\n\n```python\ndef decode(x):\n    return "ok"\n```\n\n',
      );
      await editor.getByTestId('markdown-image-input').setInputFiles({
        name: 'spectrogram.png',
        mimeType: 'image/png',
        buffer: await solidPng('#3366cc', 480, 300),
      });
      // Described by its file name, and kept as a path of this site (not http://host/uploads/…).
      await expect
        .poll(() => textarea.inputValue(), { timeout: 15_000 })
        .toMatch(/!\[spectrogram\]\(\/uploads\/\S+\)/);
      await editor.getByRole('button', { name: '粗体' }).click();
      expect(await textarea.inputValue()).toContain('**粗体文字**');

      await editor.getByRole('button', { name: '预览' }).click();
      const preview = editor.getByTestId('markdown-preview');
      await preview.locator('code.hljs').waitFor();
      expect(await preview.locator('strong', { hasText: 'CTC' }).count()).toBe(1);
      await screenshot(page, 'content-topic-preview');
      await editor.getByRole('button', { name: '编辑' }).click();

      const tags = page.getByTestId('tag-input').locator('input');
      await tags.fill('语音识别');
      await tags.press('Enter');
      await tags.fill('CTC,');
      expect(await page.getByTestId('tag-input').locator('span').allTextContents()).toEqual([
        '语音识别',
        'CTC',
      ]);
      await screenshot(page, 'content-topic-create');

      await page.getByRole('button', { name: '发表话题' }).click();
      await page.waitForURL(/\/topic\/\d+$/);
      topicId = idFrom(page, 'topic');
      await page.getByTestId('topic-title').waitFor();
      expect(await page.getByTestId('topic-title').textContent()).toBe('端到端的语音识别');
      await screenshot(page, 'content-topic-detail');
      await page.close();
    }
    // The server renders it: title, content, highlighted code, lazy images.
    {
      const { status, html } = await serverHtml(`/topic/${topicId}`);
      expect(status).toBe(200);
      expect(html).toContain(`<title>端到端的语音识别 | ${siteTitle}</title>`);
      expect(html).toContain('data-testid="topic-content"');
      expect(html).toMatch(/<code class="hljs language-python">/);
      expect(html).toMatch(/<span class="hljs-keyword">def<\/span>/);
      expect(html).toMatch(/<img[^>]+data-src="[^"]+"/);
      expect(html).toMatch(/>#(<!-- -->)?语音识别<\/a>/);
      expect(html).toContain('后发表观点');
      expect(html).toContain(`href="/user/signin?ref=${encodeURIComponent(`/topic/${topicId}`)}"`);
    }
    // Its images load lazily and open in the image viewer.
    {
      const page = await aliceContext.newPage();
      await page.goto(`/topic/${topicId}`);
      await waitForHydration(page);
      const image = page.getByTestId('topic-content').locator('img').first();
      await expect.poll(() => image.getAttribute('data-lazy')).toBe('loaded');
      expect(await image.getAttribute('src')).toBe(await image.getAttribute('data-src'));
      await image.click();
      const viewer = page.getByTestId('image-viewer');
      await viewer.waitFor();
      expect(await viewer.evaluate((element) => getComputedStyle(element).zIndex)).toBe('9999');
      await page.screenshot({ path: path.join(screenshotDir, 'content-image-viewer.png') });
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await page.close();
    }
    // Bob comments, replies with a quote, likes and favourites.
    {
      const page = await bobContext.newPage();
      await page.goto(`/topic/${topicId}`);
      await waitForHydration(page);
      expect(await page.getByTestId('topic-manage-menu').count()).toBe(0);

      const comments = page.getByTestId('comments');
      const box = comments.getByTestId('text-editor').first();
      await box.getByRole('button', { name: '发布' }).click();
      // The error shows under the box and stays while the reader looks for what is wrong (an
      // error once vanished after 0.8 s), and goes once they corrected it.
      const refusal = comments.getByTestId('field-error-content');
      await refusal.waitFor();
      expect(await refusal.textContent()).toBe('请输入评论内容');
      await page.waitForTimeout(2000);
      expect(await refusal.isVisible()).toBe(true);
      await box.locator('textarea').fill('写得很清楚，\n想问下解码器用的什么？');
      expect(await refusal.count()).toBe(0);
      await box.locator('textarea').press('Control+Enter');
      await expectToast(page, '发布成功');
      const comment = comments.getByTestId('comment').first();
      expect(await comment.getByTestId('comment-content').first().textContent()).toBe(
        '写得很清楚，\n想问下解码器用的什么？',
      );
      expect(await page.locator('h2', { hasText: '1条评论' }).count()).toBe(1);

      await comment.getByRole('button', { name: '评论', exact: true }).click();
      await comment.getByTestId('text-editor').locator('textarea').fill('补充：是 beam search 吗');
      await comment.getByTestId('text-editor').getByRole('button', { name: '发布' }).click();
      const reply = comment.getByTestId('reply').first();
      await reply.waitFor();
      await reply.getByRole('button', { name: '回复', exact: true }).click();
      await reply.getByTestId('text-editor').locator('textarea').fill('自问自答：是的');
      await reply.getByTestId('text-editor').getByRole('button', { name: '发布' }).click();
      const quoted = comment.getByTestId('reply').nth(1);
      await quoted.getByTestId('reply-quote').waitFor();
      // The reply's author with their level badge, then whom they answer.
      expect(await quoted.textContent()).toContain('波波Lv.1回复波波');
      expect(await quoted.getByTestId('level-badge').getByText('Lv.1').getAttribute('title')).toBe('新手');
      expect(await quoted.getByTestId('reply-quote').textContent()).toContain('补充：是 beam search 吗');

      await comment.getByTestId('comment-like').first().click();
      await expect.poll(() => comment.getByTestId('comment-like').first().textContent()).toBe('已赞1');

      await page.getByTestId('like-button').click();
      await expect.poll(() => page.getByTestId('like-button').textContent()).toBe('已赞1');
      await page.getByTestId('recent-likers').waitFor();
      await page.getByTestId('favorite-button').click();
      await expectToast(page, '收藏成功');
      expect(await page.getByTestId('favorite-button').textContent()).toBe('已收藏');
      await screenshot(page, 'content-topic-comments');

      // What Bob sees is what the server renders for him (the header-signed render is his own; with the
      // cookie he gets the readers' shared render, filled in by the browser: see page-cache.test.ts).
      const html = await (
        await fetch(`${webUrl}/topic/${topicId}`, { headers: { 'x-user-token': bob.token } })
      ).text();
      expect(html).toContain('写得很清楚，\n想问下解码器用的什么？');
      expect(html).toContain('补充：是 beam search 吗');
      expect(html).toMatch(/data-testid="like-button"[^>]*>.*已赞/s);
      expect(html).toMatch(/data-testid="favorite-button"[^>]*>.*已收藏/s);
      await page.close();
    }
    // Alice edits it through the manage menu.
    {
      const page = await aliceContext.newPage();
      await page.goto(`/topic/${topicId}`);
      await waitForHydration(page);
      // As a person does with a mouse: the pointer arrives (the menu opens on hover), then clicks.
      // The click must leave the menu open, not close what the hover opened.
      await page.getByRole('button', { name: '管理' }).click();
      await page.waitForTimeout(300);
      await expect.poll(() => page.getByRole('menuitem', { name: '修改' }).isVisible()).toBe(true);
      await page.getByRole('menuitem', { name: '修改' }).click();
      await page.waitForURL(`**/topic/edit/${topicId}`);
      const title = page.getByPlaceholder('请输入话题标题');
      await expect.poll(() => title.inputValue()).toBe('端到端的语音识别');
      await title.fill('端到端的语音识别（修订）');
      await page.getByRole('button', { name: '提交更改' }).click();
      await page.waitForURL(`**/topic/${topicId}`);
      await expect.poll(() => page.getByTestId('topic-title').textContent()).toBe('端到端的语音识别（修订）');
      await page.close();
    }
  }, 240_000);

  it('posts a tweet with two images', async () => {
    const page = await aliceContext.newPage();
    await page.goto('/topic/create?type=1');
    await waitForHydration(page);
    const tweet = page.getByTestId('tweet-editor');
    await tweet.locator('textarea').fill('今天的实验结果\n第二行');
    expect(await page.getByTestId('tweet-counter').textContent()).toBe('11 / 5000');
    await page.getByTestId('image-upload-input').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: await solidPng('#cc3333', 480, 300) },
      { name: 'b.png', mimeType: 'image/png', buffer: await solidPng('#33aa55', 480, 300) },
    ]);
    await expect
      .poll(() => page.getByRole('button', { name: '删除图片' }).count(), { timeout: 15_000 })
      .toBe(2);
    await screenshot(page, 'content-tweet-create');
    await page.getByRole('button', { name: '发表动态' }).click();
    await page.waitForURL(/\/topic\/\d+$/);
    const tweetId = idFrom(page, 'topic');
    const grid = page.getByTestId('image-grid');
    await grid.waitFor();
    expect(await grid.locator('img').count()).toBe(2);
    expect(await page.getByTestId('topic-content').textContent()).toBe('今天的实验结果\n第二行');
    await grid.locator('button').nth(1).click();
    await page.getByTestId('image-viewer').getByText('2 / 2').waitFor();
    await page.keyboard.press('Escape');
    await screenshot(page, 'content-tweet-detail');
    const { html } = await serverHtml(`/topic/${tweetId}`);
    expect(html).toContain(`<title>今天的实验结果 第二行 | ${siteTitle}</title>`);
    await page.close();
  });

  it('keeps an article draft across a reload, clears it after posting, and the server renders the article and redirects its old links', async () => {
    let articleId = 0;
    // The draft survives a reload and is cleared once the article is posted.
    {
      const page = await aliceContext.newPage();
      await page.goto('/article/create');
      await waitForHydration(page);
      await page.getByPlaceholder('标题').fill('声学模型综述');
      const textarea = page.getByTestId('article-editor').locator('textarea');
      await textarea.fill('# 综述\n\n从 GMM-HMM 到 Conformer。');
      const tags = page.getByTestId('tag-input').locator('input');
      await tags.fill('声学模型');
      await tags.press('Enter');
      await page.waitForTimeout(600);

      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => page.getByPlaceholder('标题').inputValue()).toBe('声学模型综述');
      expect(await textarea.inputValue()).toBe('# 综述\n\n从 GMM-HMM 到 Conformer。');
      expect(await page.getByTestId('tag-input').locator('span').allTextContents()).toEqual(['声学模型']);

      await tags.fill('综述');
      await tags.press('Enter');
      await page.getByTestId('editor-submit').click();
      await page.waitForURL(/\/article\/\d+$/);
      articleId = idFrom(page, 'article');
      await page.getByTestId('article-title').waitFor();
      expect(await page.getByTestId('tag-chip').allTextContents()).toEqual(['#声学模型', '#综述']);
      await screenshot(page, 'content-article-detail');

      await page.goto('/article/create');
      await waitForHydration(page);
      await page.waitForTimeout(300);
      expect(await page.getByPlaceholder('标题').inputValue()).toBe('');
      await page.close();
    }
    // The server renders the article and redirects its old links.
    {
      const { status, html } = await serverHtml(`/article/${articleId}`);
      expect(status).toBe(200);
      expect(html).toContain(`<title>声学模型综述 | ${siteTitle}</title>`);
      expect(html).toContain('从 GMM-HMM 到 Conformer。');
      expect(html).toContain('<meta name="keywords" content="声学模型,综述"/>');
      const redirect = await serverHtml(`/article/redirect/${articleId}`);
      expect(redirect.status).toBe(302);
      const response = await fetch(`${webUrl}/article/redirect/${articleId}`, { redirect: 'manual' });
      expect(response.headers.get('location')).toBe(`/article/${articleId}`);
    }
  }, 120_000);

  it('runs no script from user content, and the author can delete it', async () => {
    const payloads = xssCorpus.filter((_, index) => index % 6 === 0);
    const content = payloads.map((payload) => payload.input).join('\n\n');
    const topic = await callTrpc<{ id: number }>(
      'mutation',
      'topics.create',
      { type: 0, nodeId: 0, title: 'XSS <script>alert(1)</script>', content, tags: [] },
      alice.token,
    );
    await callTrpc(
      'mutation',
      'comments.create',
      { entityType: 'topic', entityId: topic.id, content },
      bob.token,
    );

    const page = await aliceContext.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/topic/${topic.id}`);
    await waitForHydration(page);
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    for (const element of await page.locator('[data-testid=topic-content] *').all()) {
      await element.hover({ trial: true, timeout: 200 }).catch(() => undefined);
    }
    expect(dialogs).toEqual([]);
    const contentHtml = await page.getByTestId('topic-content').innerHTML();
    expect(findXss(contentHtml)).toEqual([]);
    const commentHtml = await page.getByTestId('comment-content').first().innerHTML();
    expect(commentHtml).toContain('&lt;script&gt;');
    expect(findXss(commentHtml)).toEqual([]);
    expect(await page.getByTestId('topic-title').textContent()).toBe('XSS <script>alert(1)</script>');
    await screenshot(page, 'content-xss');

    await page.getByTestId('topic-manage-menu').hover();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    expect(await confirm.textContent()).toContain('是否确认删除该话题？');
    await confirm.getByRole('button', { name: '确定' }).click();
    await expectToast(page, '删除成功');
    await page.waitForURL((url) => url.pathname === '/topics');
    expect((await serverHtml(`/topic/${topic.id}`)).status).toBe(404);
    await page.close();
  });

  it('answers 404 for unknown topics and articles', async () => {
    for (const path of ['/topic/99999999', '/topic/abc', '/article/99999999']) {
      const { status, html } = await serverHtml(path);
      expect(status, path).toBe(404);
      expect(html).toContain('页面没找到');
    }
  });

  it('warns before leaving the site and refuses other schemes', async () => {
    const ok = await serverHtml(`/redirect?url=${encodeURIComponent('https://example.com/paper')}`);
    expect(ok.html).toContain('即将离开本站');
    expect(ok.html).toContain('href="https://example.com/paper"');
    const bad = await serverHtml(`/redirect?url=${encodeURIComponent('javascript:alert(1)')}`);
    expect(bad.html).toContain('链接地址无效');
    expect(bad.html).not.toContain('href="javascript:');
    const page = await aliceContext.newPage();
    await page.goto(`/redirect?url=${encodeURIComponent('https://example.com/paper')}`);
    await screenshot(page, 'content-redirect');
    await page.close();
  });
});
