/**
 * The admin console end to end, as the owner: approve a pending article, delete and restore a
 * topic, mute a user with a reason, find those actions in 操作日志, and retry a failed job in the
 * queue dashboard. A plain user gets the 403 page. Fixtures go straight to the stack's database
 * and read model; the failed job is put on the stack's real `maintenance` queue.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type * as CoreModule from '@forum/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { launchBrowser, screenshot, waitForHydration, webContext } from './browser';
import { makeStackReader, useStackRedis } from './read-model';

const webUrl = inject('webUrl');
const redisPrefix = inject('redisPrefix');

let core: typeof CoreModule;
let closeRedis: () => Promise<void>;
let browser: Browser;
let owner: { id: number; token: string };
let author: { id: number; token: string };
let reader: { id: number; token: string };
let articleId: number;
let topicId: number;

beforeAll(async () => {
  owner = await makeStackReader('后台站长', ['owner']);
  author = await makeStackReader('被管理的作者');
  reader = await makeStackReader('普通读者');
  core = await import('@forum/core');
  // The stack names its database after its Redis prefix (see stack.ts).
  await core.connectDatabase(process.env.MONGO_URL!, redisPrefix.replace(/:$/, ''));
  closeRedis = useStackRedis(core);
  articleId = await core.nextId('article');
  const now = Date.now();
  await core.Article.create({
    _id: articleId,
    userId: author.id,
    title: '待审核的声码器评测',
    content: '几种神经声码器的主观评测',
    status: 2,
    createTime: now,
    updateTime: now,
  });
  await core.reprojectArticle(articleId);
  const topic = await callTrpc<{ id: number }>(
    'mutation',
    'topics.create',
    { type: 0, nodeId: 0, title: '要被删除又恢复的话题', content: '正文' },
    author.token,
  );
  topicId = topic.id;
  core.initEventBus({ redisUrl: inject('redisUrl'), prefix: redisPrefix });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await core?.closeEventBus();
  await closeRedis?.();
  await core?.disconnectDatabase();
});

async function ownerPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await webContext(browser, { viewport: { width: 1280, height: 900 }, token: owner.token });
  return { context, page: await context.newPage() };
}

/** Searches a screen's list by its 编号 (or another text filter). */
async function filterBy(page: Page, label: string, value: string) {
  await page.getByTestId('admin-filters').getByLabel(label, { exact: true }).fill(value);
  await page.getByTestId('admin-filters').getByRole('button', { name: '查询' }).click();
}

/** The console refetches after each action; on a busy machine that takes a while. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000, interval: 200 });

async function confirm(page: Page) {
  await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
}

describe('the admin console', () => {
  it('is a 403 page for a plain user, and the owner finds it in the user menu', async () => {
    const visitor = await fetch(`${webUrl}/admin/topics`, {
      headers: { cookie: `userToken=${reader.token}` },
    });
    expect(visitor.status).toBe(403);

    const { context, page } = await ownerPage();
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.getByTestId('desktop-nav');
    await nav.getByTestId('user-menu').hover();
    await nav.getByRole('menuitem', { name: '管理后台' }).click();
    await page.waitForURL('**/admin');
    await eventually(() => page.getByTestId('metric-用户').textContent()).toContain('今日新增');
    await screenshot(page, 'admin-dashboard');
    await context.close();
  });

  describe('as the owner', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await ownerPage());
    });
    afterAll(() => context?.close());

    it('approves a pending article', async () => {
      await page.goto('/admin/articles?status=2');
      await waitForHydration(page);
      const article = page.getByTestId(`admin-article-${articleId}`);
      await eventually(() => article.textContent()).toContain('待审核');
      await article.getByRole('button', { name: '审核通过' }).click();
      await confirm(page);
      await eventually(() => page.getByText('审核成功').count()).toBeGreaterThan(0);
      const approved = await callTrpc<{ status: number }>('query', 'articles.byId', { id: articleId });
      expect(approved.status).toBe(0);
    });

    it('deletes a topic and restores it', async () => {
      await page.goto('/admin/topics');
      await waitForHydration(page);
      await filterBy(page, '编号', String(topicId));
      const topic = page.getByTestId(`admin-topic-${topicId}`);
      await topic.getByRole('button', { name: '删除' }).click();
      await confirm(page);
      await eventually(() => topic.textContent()).toContain('已删除');
      await topic.getByRole('button', { name: '恢复' }).click();
      await confirm(page);
      await eventually(() => topic.textContent()).not.toContain('已删除');
      await screenshot(page, 'admin-topics');
      const shown = await callTrpc<{ id: number }>('query', 'topics.byId', { id: topicId });
      expect(shown.id).toBe(topicId);
    });

    it('mutes a user for 15 days with a reason typed by hand', async () => {
      await page.goto('/admin/users');
      await waitForHydration(page);
      await filterBy(page, '编号', String(author.id));
      const user = page.getByTestId(`admin-user-${author.id}`);
      await user.getByRole('button', { name: '禁言' }).click();
      const dialog = page.getByTestId('mute-dialog');
      await dialog.getByLabel('15天').check();
      await dialog.getByLabel('其他', { exact: true }).check();
      await dialog.getByLabel('其他原因').fill('反复发布无关链接');
      await dialog.getByRole('button', { name: '禁言' }).click();
      await eventually(() => user.textContent()).toContain('禁言至');
    });

    it('creates an account, then gives it a new username and password', async () => {
      const tag = Date.now().toString(36).slice(-6);
      await page.goto('/admin/users');
      await waitForHydration(page);
      await page.getByRole('button', { name: '新建用户' }).click();
      const create = page.getByTestId('create-user-dialog');
      await create.locator('input[name="username"]').fill(`panel${tag}`);
      await create.locator('input[name="email"]').fill(`panel${tag}@example.com`);
      await create.locator('input[name="nickname"]').fill(`后台新人${tag}`);
      await create.locator('input[name="password"]').fill('first-pass-1');
      await create.getByRole('button', { name: '创建' }).click();
      await eventually(() => page.getByText('创建成功').count()).toBeGreaterThan(0);

      await filterBy(page, '用户名', `panel${tag}`);
      const row = page.getByTestId('admin-users').locator('li').first();
      await eventually(() => row.textContent()).toContain(`后台新人${tag}`);
      await row.getByRole('button', { name: '编辑' }).click();
      const edit = page.getByTestId('edit-user-dialog');
      await edit.locator('input[name="username"]').fill(`re${tag}`);
      await edit.locator('input[name="password"]').fill('second-pass-2');
      await screenshot(page, 'admin-user-edit');
      await edit.getByRole('button', { name: '保存' }).click();
      await eventually(() => page.getByText('保存成功').count()).toBeGreaterThan(0);
      // The old username finds nobody now; the new one finds the account.
      await filterBy(page, '用户名', `re${tag}`);
      await eventually(() => row.textContent()).toContain(`@re${tag}`);
      const stored = await core.User.findOne({ usernameLower: `re${tag}` }).lean();
      expect(await core.verifyPassword(stored!.passwordHash!, 'second-pass-2')).toBe(true);
      expect(await core.verifyPassword(stored!.passwordHash!, 'first-pass-1')).toBe(false);
    });

    it('finds the delete, the restore and the mute in 操作日志', async () => {
      await page.goto('/admin/operate-logs');
      await waitForHydration(page);
      await filterBy(page, '对象编号', String(topicId));
      const logs = page.getByTestId('operate-logs');
      await eventually(() => logs.textContent()).toContain('恢复话题');
      expect(await logs.textContent()).toContain('删除');
      await filterBy(page, '对象编号', String(author.id));
      await eventually(() => logs.textContent()).toContain('禁言原因：反复发布无关链接（禁言 15 天）');
      await screenshot(page, 'admin-operate-logs');
    });

    it('shows a failed job in the read-only dashboard and retries it from the queue page, in 操作日志', async () => {
      // A job that failed on bad data; its data is fixed, then it is retried from the console.
      const job = await core.getQueue('maintenance').add('sweep-outbox', ['not an object'], { attempts: 1 });
      await eventually(() => job.getState()).toBe('failed');
      await job.updateData({});
      await page.goto('/admin/queues');
      await waitForHydration(page);
      await page.getByTestId('queue-maintenance').getByRole('link', { name: '查看失败任务' }).click();
      await page.waitForURL('**/api/admin/queues/queue/maintenance?status=failed');
      await page.getByText(`#${job.id}`).waitFor();
      // Read-only: the dashboard offers no retry, clean or add.
      expect(await page.getByRole('button', { name: '重试全部' }).count()).toBe(0);
      await screenshot(page, 'admin-queue-failed');
      await page.goto('/admin/queues');
      await waitForHydration(page);
      await page.getByTestId('queue-maintenance').getByRole('button', { name: '重试失败任务' }).click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
      await eventually(() => job.getState()).toBe('completed');
      await screenshot(page, 'admin-queues');
      await page.goto('/admin/operate-logs');
      await waitForHydration(page);
      await eventually(() => page.getByTestId('operate-logs').textContent()).toContain(
        '重试失败任务：maintenance',
      );
    });
  });
});
