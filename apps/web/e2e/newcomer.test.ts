/**
 * The newcomer's path of the README, end to end and literally: `npm start` on a fresh
 * data folder, `npm run demo` while it runs (it finds the site by that folder, as the README says),
 * then, through the URL `npm start` printed, in Chromium, a new person signs up and writes
 * everything a person writes: a topic, a tweet and an article, a comment and a reply, a like, a
 * favourite, a follow and a check-in; they find their topic by search, and the person they replied
 * to sees the unread badge. Every write is read back by id and in its list afterwards: a write the
 * site answered with success is stored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type * as CoreModule from '@forum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, screenshot, shownCaptchaDigits, waitForHydration } from './browser';
import { repoRoot } from './stack';

type Core = typeof CoreModule;

/** The site as `npm start` printed it and recorded it in its data folder (`running-site.json`). */
interface Site {
  webUrl: string;
  mongoUrl: string;
  redisUrl: string;
  redisPrefix: string;
}

let site: Site;
let launcher: ChildProcess | undefined;
let launcherOutput = '';
let core: Core;
let browser: Browser;
let dataDir: string;
let demoOutput = '';
let kvClient: CoreModule.Redis | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * What a newcomer's shell has: none of the test launcher's service addresses, so `npm start` and
 * `npm run demo` find (or start) their services as the README says, on `dataDir`.
 */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  for (const name of ['MONGO_URL', 'MONGO_DB', 'REDIS_URL', 'REDIS_PREFIX', 'NODE_ENV', 'BASE_URL']) {
    delete env[name];
  }
  return env;
}

/** `npm start` on a fresh data folder, until it prints the URL it serves. */
async function npmStart(): Promise<Site> {
  const [web, api, worker] = [await freePort(), await freePort(), await freePort()];
  launcher = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: newcomerEnv({
      PORT: String(web),
      API_PORT: String(api),
      WORKER_HEALTH_PORT: String(worker),
      OWNER_PASSWORD: 'newcomer-owner-123',
      LOG_LEVEL: 'warn',
    }),
  });
  const ready = `ready: http://localhost:${web}`;
  await new Promise<void>((resolve, reject) => {
    const keep = (chunk: Buffer) => {
      launcherOutput += chunk.toString();
      if (launcherOutput.includes(ready)) resolve();
    };
    launcher!.stdout!.on('data', keep);
    launcher!.stderr!.on('data', keep);
    launcher!.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${launcherOutput}`)));
  });
  const record = JSON.parse(readFileSync(path.join(dataDir, 'running-site.json'), 'utf8')) as {
    url: string;
    mongoUrl: string;
    redisUrl: string;
    redisPrefix: string;
  };
  expect(record.url).toBe(`http://localhost:${web}`);
  return {
    webUrl: record.url,
    mongoUrl: record.mongoUrl,
    redisUrl: record.redisUrl,
    redisPrefix: record.redisPrefix,
  };
}

/** Ctrl+C to the launcher: it stops everything it started. */
async function stopLauncher(): Promise<void> {
  const child = launcher;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** `npm run demo` while the site runs, as the README says: it finds the site by its data folder. */
function runDemo(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'demo'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: newcomerEnv({}),
    });
    const keep = (chunk: Buffer) => (demoOutput += chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'forum-newcomer-'));
  site = await npmStart();
  expect(await runDemo(), demoOutput).toBe(0);
  // It worked on the running site's data, not on a database of its own.
  expect(demoOutput).toContain('[services] the site started by npm start (pid ');
  expect(demoOutput).toContain('演示数据已导入');
  core = await import('@forum/core');
  await core.connectDatabase(site.mongoUrl);
  // The read model is read where the site keeps it: the site's Redis prefix.
  kvClient = core.createRedis(site.redisUrl);
  core.initKv(kvClient, site.redisPrefix);
  browser = await launchBrowser();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  // Test files share modules: leave no kv client of this site behind.
  core?.clearKv();
  await kvClient?.quit();
  await core?.disconnectDatabase();
  await stopLauncher();
  if (kvClient === undefined && launcherOutput) console.warn(launcherOutput.slice(-4000));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Envelope<T = any> {
  success: boolean;
  message: string;
  data: T;
}

async function legacy<T = any>(route: string, token?: string): Promise<T> {
  const response = await fetch(`${site.webUrl}${route}`, {
    headers: token ? { 'X-User-Token': token } : {},
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `${route}: ${body.message}`).toBe(true);
  return body.data;
}

async function captchaDigits(captchaId: string): Promise<string> {
  const redis = core.createRedis(site.redisUrl);
  try {
    const digits = await redis.get(`${site.redisPrefix}captcha:${captchaId}`);
    if (!digits) throw new Error(`no captcha ${captchaId} in Redis`);
    return digits;
  } finally {
    redis.disconnect();
  }
}

const idFrom = (page: Page, kind: string) => Number(new RegExp(`/${kind}/(\\d+)$`).exec(page.url())![1]);

/** A demo topic whose newest comment is by someone other than its author: whom the newcomer answers. */
async function demoThread(): Promise<{ topicId: number; authorId: number; commenterId: number }> {
  const page = await legacy<{ results: { topicId: number; user: { id: number } }[] }>('/api/topic/topics');
  for (const topic of page.results) {
    const comments = await legacy<{ results: { user: { id: number } }[] | null }>(
      `/api/comment/comments?entityType=topic&entityId=${topic.topicId}`,
    );
    const newest = comments.results?.[0];
    if (newest && newest.user.id !== topic.user.id) {
      return { topicId: topic.topicId, authorId: topic.user.id, commenterId: newest.user.id };
    }
  }
  throw new Error('no demo topic with a comment by someone else on the first page');
}

describe('the README newcomer path on a fresh database with the demo loaded while the site runs', () => {
  it('stores every write a new person makes in the browser, each read back by id and in its list', async () => {
    const suffix = Date.now().toString(36).slice(-5);
    const thread = await demoThread();
    let context: BrowserContext | undefined;
    let repliedTo: BrowserContext | undefined;
    try {
      context = await browser.newContext({
        baseURL: site.webUrl,
        locale: 'zh-CN',
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();

      // Sign up through the form.
      await page.goto('/user/signup');
      await waitForHydration(page);
      const form = page.getByTestId('signup-form');
      await form.locator('input[name="nickname"]').fill('新来的研究者');
      await form.locator('input[name="username"]').fill(`new${suffix}`);
      await form.locator('input[name="email"]').fill(`new${suffix}@example.com`);
      await form.locator('input[name="password"]').fill('secret-123');
      await form.locator('input[name="rePassword"]').fill('secret-123');
      await form.locator('input[name="captchaCode"]').fill(await shownCaptchaDigits(page, captchaDigits));
      await form.getByRole('button', { name: '注册' }).click();
      await expectToast(page, '注册成功');
      const token = (await context.cookies(site.webUrl)).find((cookie) => cookie.name === 'userToken')!.value;
      const me = await legacy<{ id: number; nickname: string }>('/api/user/current', token);
      expect(me.nickname).toBe('新来的研究者');

      // A topic, a tweet and an article.
      const topicTitle = `新人的第一个问题 ${suffix}`;
      await page.goto('/topic/create');
      await waitForHydration(page);
      await page.getByPlaceholder('请输入话题标题').fill(topicTitle);
      await page.getByTestId('topic-editor').locator('textarea').fill('流式识别的首字延迟怎么降？');
      await page.getByRole('button', { name: '发表话题' }).click();
      await page.waitForURL(/\/topic\/\d+$/);
      const topicId = idFrom(page, 'topic');
      await page.getByTestId('topic-title').waitFor();

      await page.goto('/topic/create?type=1');
      await waitForHydration(page);
      await page.getByTestId('tweet-editor').locator('textarea').fill(`第一次来，打个招呼 ${suffix}`);
      await page.getByRole('button', { name: '发表动态' }).click();
      await page.waitForURL(/\/topic\/\d+$/);
      const tweetId = idFrom(page, 'topic');

      const articleTitle = `我的实验笔记 ${suffix}`;
      await page.goto('/article/create');
      await waitForHydration(page);
      await page.getByPlaceholder('标题').fill(articleTitle);
      await page.getByTestId('article-editor').locator('textarea').fill('# 笔记\n\n记录一次解码实验。');
      await page.getByTestId('editor-submit').click();
      await page.waitForURL(/\/article\/\d+$/);
      const articleId = idFrom(page, 'article');
      await page.getByTestId('article-title').waitFor();

      // On a demo topic: reply to the newest comment, comment, like and favourite.
      await page.goto(`/topic/${thread.topicId}`);
      await waitForHydration(page);
      const comments = page.getByTestId('comments');
      const answered = comments.getByTestId('comment').first();
      await answered.getByRole('button', { name: '评论', exact: true }).click();
      await answered.getByTestId('text-editor').locator('textarea').fill(`同意，补充一点 ${suffix}`);
      await answered.getByTestId('text-editor').getByRole('button', { name: '发布' }).click();
      await answered
        .getByTestId('reply')
        .filter({ hasText: `同意，补充一点 ${suffix}` })
        .waitFor();
      const box = comments.getByTestId('text-editor').first();
      await box.locator('textarea').fill(`很有帮助的讨论 ${suffix}`);
      await box.getByRole('button', { name: '发布' }).click();
      await expectToast(page, '发布成功');
      await page.getByTestId('like-button').click();
      await expect.poll(() => page.getByTestId('like-button').textContent()).toContain('已赞');
      await page.getByTestId('favorite-button').click();
      await expectToast(page, '收藏成功');

      // Follow the topic's author, and check in from the home page.
      await page.goto(`/user/${thread.authorId}`);
      await waitForHydration(page);
      const follow = page.getByTestId('user-centre-header').getByTestId('follow-button');
      await follow.click();
      await expectToast(page, '关注成功');
      await page.goto('/');
      await waitForHydration(page);
      const checkIn = page.getByTestId('check-in');
      await checkIn.getByRole('button', { name: '立即签到' }).click();
      await page.getByText('签到成功').waitFor();

      // Search finds the new topic once the worker indexed it.
      await expect
        .poll(
          async () => {
            await page.goto(`/search?q=${encodeURIComponent(topicTitle)}`);
            await waitForHydration(page);
            return page.locator(`[data-testid="search-hit"] a[href="/topic/${topicId}"]`).count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      await screenshot(page, 'newcomer-search');

      // The person replied to sees the unread badge.
      const theirs = await core.issueToken(thread.commenterId, 1);
      repliedTo = await browser.newContext({
        baseURL: site.webUrl,
        locale: 'zh-CN',
        viewport: { width: 1280, height: 900 },
      });
      await repliedTo.addCookies([{ name: 'userToken', value: theirs.token, url: site.webUrl }]);
      const theirPage = await repliedTo.newPage();
      await theirPage.goto('/');
      await waitForHydration(theirPage);
      await theirPage.getByTestId('unread-badge').waitFor({ timeout: 30_000 });
      expect(Number(await theirPage.getByTestId('unread-badge').textContent())).toBeGreaterThanOrEqual(1);
      const messages = await legacy<{ count: number; messages: { content: string }[] | null }>(
        '/api/user/msgrecent',
        theirs.token,
      );
      expect(messages.messages?.map((message) => message.content).join('\n')).toContain(
        `同意，补充一点 ${suffix}`,
      );

      // Every write, by id and in its list.
      expect(await legacy(`/api/topic/${topicId}`)).toMatchObject({
        topicId,
        title: topicTitle,
        user: { id: me.id },
      });
      expect(await legacy(`/api/topic/${tweetId}`)).toMatchObject({ topicId: tweetId, type: 1 });
      const mine = await legacy<{ results: { topicId: number }[] }>(`/api/topic/user/topics?userId=${me.id}`);
      expect(mine.results.map((topic) => topic.topicId)).toEqual(expect.arrayContaining([topicId, tweetId]));
      expect(await legacy(`/api/article/${articleId}`)).toMatchObject({ articleId, title: articleTitle });
      const articles = await legacy<{ results: { articleId: number }[] }>(
        `/api/article/user/articles?userId=${me.id}`,
      );
      expect(articles.results.map((article) => article.articleId)).toContain(articleId);

      const written = await core.Comment.find({ userId: me.id }).lean();
      expect(written.map((comment) => comment.content).sort()).toEqual(
        [`同意，补充一点 ${suffix}`, `很有帮助的讨论 ${suffix}`].sort(),
      );
      const onTopic = await legacy<{
        results: { commentId: number; replies?: { results?: { commentId: number }[] } }[];
      }>(`/api/comment/comments?entityType=topic&entityId=${thread.topicId}`);
      const listed = JSON.stringify(onTopic.results);
      for (const comment of written) {
        expect(await core.readComment(comment._id)).toMatchObject({
          userId: me.id,
          content: comment.content,
        });
        expect(listed).toContain(`"commentId":${comment._id}`);
      }

      expect(await legacy(`/api/like/is/liked?entityType=topic&entityIds=${thread.topicId}`, token)).toEqual({
        liked: [thread.topicId],
      });
      const likers = await legacy<{ id: number }[]>(`/api/topic/recentlikes/${thread.topicId}`);
      expect(likers.map((user) => user.id)).toContain(me.id);
      expect(
        await legacy(`/api/favorite/favorited?entityType=topic&entityId=${thread.topicId}`, token),
      ).toEqual({ favorited: true });
      const favorites = await legacy<{ results: { entityId: number }[] }>('/api/user/favorites', token);
      expect(favorites.results.map((favorite) => favorite.entityId)).toContain(thread.topicId);
      expect(await legacy(`/api/fans/isfollowed?userId=${thread.authorId}`, token)).toBe(true);
      const follows = await legacy<{ results: { id: number }[] }>(`/api/fans/follows?userId=${me.id}`);
      expect(follows.results.map((user) => user.id)).toContain(thread.authorId);
      expect(await legacy('/api/checkin/checkin', token)).toMatchObject({ checkIn: true });
      const rank = await legacy<{ user: { id: number } }[]>('/api/checkin/rank');
      expect(rank.map((row) => row.user.id)).toContain(me.id);
    } finally {
      await context?.close();
      await repliedTo?.close();
    }
  }, 240_000);
});
