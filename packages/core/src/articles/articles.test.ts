import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentTarget } from '../comments/targets';
import { favoriteTarget } from '../favorites/targets';
import { likeTarget } from '../likes/targets';
import { systemContext } from '../request-context';
import { saveSiteConfig } from '../config/save-site-config';
import { nextId } from '../db/counters';
import { initKv } from '../kv';
import { createRedis } from '../redis';
import { buildAdmin, buildUser, contextFor, useTestServices } from '../testing';
import { createArticle, editArticle, getArticle } from './index';
import { Article } from './model';
import { createComment } from '../comments/create-comment';
import { likeEntity, unlikeEntity } from '../likes/like-entity';
import { readArticle, reprojectArticle } from '../read-model/articles';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

const draft = { title: '标题', summary: '', content: '正文', tags: [] };

describe('articles as comment targets', () => {
  it('a shown article takes comments and counts them; a pending one does not exist for comments', async () => {
    const author = await buildUser();
    const shown = await createArticle(contextFor(author), draft);
    const target = commentTarget('article')!;
    expect(await target.exists(shown._id)).toBe(true);
    await createComment(contextFor(author), {
      entityType: 'article',
      entityId: shown._id,
      content: '评论',
      contentType: 'text',
    } as never);
    expect(await readArticle(shown._id)).toMatchObject({ commentCount: 1 });

    const pending = await Article.create({ ...shown, _id: await nextId('article'), status: 2, outbox: [] });
    await reprojectArticle(pending._id);
    expect(await target.exists(pending._id)).toBe(false);
  });
});

describe('articles as like and favourite targets', () => {
  it('a like counts on the article and never goes below zero; a favourite describes it', async () => {
    const author = await buildUser();
    const article = await createArticle(contextFor(author), { ...draft, content: '**粗体**正文' });
    expect(await likeTarget('article')!.exists(article._id)).toBe(true);
    const reader = await buildUser();
    await likeEntity(contextFor(reader), 'article', article._id);
    expect(await readArticle(article._id)).toMatchObject({ likeCount: 1 });
    expect(await unlikeEntity(contextFor(reader), 'article', article._id)).toBe(true);
    expect(await unlikeEntity(contextFor(reader), 'article', article._id)).toBe(false);
    expect(await readArticle(article._id)).toMatchObject({ likeCount: 0 });
    const described = await favoriteTarget('article')!.describe([article._id, 99999999], {
      baseUrl: 'http://localhost:3000',
      urlRedirect: false,
    });
    expect([...described.entries()]).toEqual([
      [
        article._id,
        { title: '标题', summary: '粗体正文', userId: author._id, path: `/article/${article._id}` },
      ],
    ]);
  });
});

describe('review and edits', () => {
  it("with review on, an author's edit sends a shown article back to review; a moderator's does not", async () => {
    const author = await buildUser();
    const article = await createArticle(contextFor(author), draft);
    await saveSiteConfig(systemContext(), { articlePending: true });
    try {
      const admin = await buildAdmin();
      expect(
        (await editArticle(contextFor(admin), { ...draft, id: article._id, title: '管理员改' })).status,
      ).toBe(0);
      expect(
        (await editArticle(contextFor(author), { ...draft, id: article._id, title: '作者改' })).status,
      ).toBe(2);
      await expect(getArticle(article._id, null)).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: '文章审核中',
      });
    } finally {
      await saveSiteConfig(systemContext(), { articlePending: false });
    }
  });

  it('an edit without a summary keeps the stored one', async () => {
    const author = await buildUser();
    const article = await createArticle(contextFor(author), { ...draft, summary: '原摘要' });
    const edited = await editArticle(contextFor(author), {
      id: article._id,
      title: '新',
      content: '新正文',
      tags: [],
    });
    expect(edited).toMatchObject({ title: '新', summary: '原摘要' });
  });
});
