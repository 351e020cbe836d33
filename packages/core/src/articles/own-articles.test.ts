/**
 * An author's articles that readers do not see (waiting for review, or rejected) on the author's
 * own page: a per-author list of the read model, kept by the article projector and rebuilt with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteConfig } from '../config/save-site-config';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { rebuildReadModel } from '../read-model/rebuild';
import { systemContext } from '../request-context';
import { buildAdmin, buildUser, contextFor, useTestServices } from '../testing';
import { approveArticle, createArticle, deleteArticle, listUserArticles, listUserArticlesFor } from './index';
import { Article } from './model';
import { restoreArticle } from '../admin/restore-article';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

const draft = (title: string) => ({ title, summary: '', content: '正文', tags: [] });
const titles = (page: { articles: { title: string }[] }) => page.articles.map((article) => article.title);

async function withReview<T>(body: () => Promise<T>): Promise<T> {
  await saveSiteConfig(systemContext(), { articlePending: true });
  try {
    return await body();
  } finally {
    await saveSiteConfig(systemContext(), { articlePending: false });
  }
}

describe("an author's unshown articles", () => {
  it('the author and moderators see pending and rejected articles on the author page; other readers do not', async () => {
    const [author, reader, admin] = [await buildUser(), await buildUser(), await buildAdmin()];
    const shown = await createArticle(contextFor(author), draft('已发布'));
    const [pending, rejected] = await withReview(async () => [
      await createArticle(contextFor(author), draft('审核中的文章')),
      await createArticle(contextFor(author), draft('被拒绝的文章')),
    ]);
    await deleteArticle(contextFor(admin), rejected._id);
    expect(await Article.findById(rejected._id).lean()).toMatchObject({ status: 1, rejected: true });

    const own = await listUserArticlesFor(author, author._id);
    expect(titles(own)).toEqual(['被拒绝的文章', '审核中的文章', '已发布']);
    expect(own.articles.map((article) => article.status)).toEqual([1, 2, 0]);
    expect(titles(await listUserArticlesFor(admin, author._id))).toEqual(titles(own));
    expect(titles(await listUserArticlesFor(reader, author._id))).toEqual(['已发布']);
    expect(titles(await listUserArticlesFor(null, author._id))).toEqual(['已发布']);
    expect(titles(await listUserArticles(author._id))).toEqual(['已发布']);
    expect(shown.status).toBe(0);

    // Approved, it is an ordinary shown article; deleted by its author, it is gone from the page.
    await approveArticle(contextFor(admin), pending._id);
    expect(titles(await listUserArticlesFor(reader, author._id))).toEqual(['审核中的文章', '已发布']);
    await deleteArticle(contextFor(author), pending._id);
    expect(titles(await listUserArticlesFor(author, author._id))).toEqual(['被拒绝的文章', '已发布']);
  });

  it('a rejected article a moderator restores is shown, and no longer rejected', async () => {
    const [author, admin] = [await buildUser(), await buildAdmin()];
    const article = await withReview(() => createArticle(contextFor(author), draft('恢复的文章')));
    await deleteArticle(contextFor(admin), article._id);
    await restoreArticle(contextFor(admin), article._id);
    expect((await Article.findById(article._id).lean())?.rejected).toBeUndefined();
    expect(titles(await listUserArticlesFor(null, author._id))).toEqual(['恢复的文章']);
    await deleteArticle(contextFor(author), article._id);
    expect(titles(await listUserArticlesFor(author, author._id))).toEqual([]);
  });

  it('pages the merged list by id with the cursor', async () => {
    const author = await buildUser();
    await createArticle(contextFor(author), draft('一'));
    await withReview(() => createArticle(contextFor(author), draft('二')));
    await createArticle(contextFor(author), draft('三'));
    const first = await listUserArticlesFor(author, author._id, 0, 2);
    expect(titles(first)).toEqual(['三', '二']);
    expect(first.hasMore).toBe(true);
    const second = await listUserArticlesFor(author, author._id, first.cursor, 2);
    expect(titles(second)).toEqual(['一']);
  });

  it('a rebuild of the read model brings the unshown list back from MongoDB', async () => {
    const author = await buildUser();
    await withReview(() => createArticle(contextFor(author), draft('等待审核')));
    await rebuildReadModel();
    expect(titles(await listUserArticlesFor(author, author._id))).toEqual(['等待审核']);
  });
});
