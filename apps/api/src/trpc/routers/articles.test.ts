import { describe, expect, it } from 'vitest';
import { Article, saveSiteConfig, systemContext } from '@forum/core';
import { buildAdmin, buildMutedUser, buildUser, findXss, signedIn, xssCorpus } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

const draft = () => ({ title: '声学模型', summary: '', content: '正文 *强调*', tags: ['ASR'] });

describe('articles procedures', () => {
  it('byUser lists an author’s pending and rejected articles for them and admins only; legacy lists stay shown-only', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const { token: adminToken } = await signedIn(buildAdmin());
    const { token: readerToken } = await signedIn(buildUser());
    await saveSiteConfig(systemContext(), { articlePending: true });
    const ids: number[] = [];
    try {
      for (const title of ['待审', '被拒']) {
        const created = await trpcMutation(t, 'articles.create', { ...draft(), title }, token);
        ids.push((created.body.result.data as { id: number; status: number }).id);
        expect(created.body.result.data.status).toBe(2);
      }
    } finally {
      await saveSiteConfig(systemContext(), { articlePending: false });
    }
    await trpcMutation(t, 'articles.delete', { id: ids[1] }, adminToken);
    const rows = async (as?: string) =>
      (
        (await trpcQuery(t, 'articles.byUser', { userId: author._id }, as)).body.result.data.results as {
          title: string;
          status: number;
          rejected: boolean;
        }[]
      ).map(({ title, status, rejected }) => [title, status, rejected]);
    const own = [
      ['被拒', 1, true],
      ['待审', 2, false],
    ];
    expect(await rows(token)).toEqual(own);
    expect(await rows(adminToken)).toEqual(own);
    expect(await rows(readerToken)).toEqual([]);
    expect(await rows()).toEqual([]);
    const legacy = await fetch(`${t.baseUrl}/api/article/user/articles?userId=${author._id}`, {
      headers: { 'X-User-Token': token },
    });
    expect(((await legacy.json()) as { data: { results: unknown } }).data.results).toBeNull();
  });

  it('create, byId, forEdit, edit and delete round trip in the clean shape', async () => {
    const { user, token } = await signedIn(buildUser());
    const created = await trpcMutation(t, 'articles.create', draft(), token);
    const article = created.body.result?.data as { id: number };
    expect(article).toMatchObject({
      title: '声学模型',
      summary: '正文 强调',
      content: expect.stringContaining('<em>强调</em>'),
      user: { id: user._id, nickname: user.nickname, avatar: '' },
      tags: [{ id: expect.any(Number), name: 'ASR' }],
      status: 0,
      viewCount: 0,
    });
    expect((await trpcQuery(t, 'articles.byId', { id: article.id })).body.result?.data).toMatchObject({
      id: article.id,
      viewCount: 1,
    });
    expect((await trpcQuery(t, 'articles.forEdit', { id: article.id }, token)).body.result?.data).toEqual({
      id: article.id,
      title: '声学模型',
      summary: '',
      content: '正文 *强调*',
      tags: ['ASR'],
    });
    const edited = await trpcMutation(
      t,
      'articles.edit',
      { ...draft(), id: article.id, title: '新标题' },
      token,
    );
    expect(edited.body.result?.data).toMatchObject({ id: article.id, title: '新标题' });
    const { token: other } = await signedIn(buildUser());
    const refused = await trpcMutation(t, 'articles.delete', { id: article.id }, other);
    expect(refused.body.error?.data.appError).toEqual({ code: 'FORBIDDEN', message: '无权限' });
    expect((await trpcMutation(t, 'articles.delete', { id: article.id }, token)).body.result?.data).toEqual({
      deleted: true,
    });
    const gone = await trpcQuery(t, 'articles.byId', { id: article.id });
    expect(gone.status).toBe(404);
    expect(gone.body.error?.data.appError).toEqual({ code: 'NOT_FOUND', message: '文章不存在' });
  });

  it("sends the caller's abilities with the detail: its author and admins edit and delete", async () => {
    const { token } = await signedIn(buildUser());
    const { token: other } = await signedIn(buildUser());
    const { token: admin } = await signedIn(buildAdmin());
    const { id } = (await trpcMutation(t, 'articles.create', draft(), token)).body.result?.data as {
      id: number;
    };
    const detailCan = async (caller?: string) =>
      ((await trpcQuery(t, 'articles.byId', { id }, caller)).body.result?.data as { can: unknown }).can;
    expect(await detailCan()).toEqual({ edit: false, delete: false });
    expect(await detailCan(other)).toEqual({ edit: false, delete: false });
    expect(await detailCan(token)).toEqual({ edit: true, delete: true });
    expect(await detailCan(admin)).toEqual({ edit: true, delete: true });
    // The lists later tests read hold only their own articles.
    await trpcMutation(t, 'articles.delete', { id }, token);
  });

  it('a visitor cannot post, a muted user gets USER_MUTED, bad input names the rule', async () => {
    expect((await trpcMutation(t, 'articles.create', draft())).status).toBe(401);
    const { token: muted } = await signedIn(buildMutedUser());
    const refused = await trpcMutation(t, 'articles.create', draft(), muted);
    expect(refused.body.error?.data.appError).toEqual({ code: 'USER_MUTED', message: '已被禁言' });
    const { user, token } = await signedIn(buildUser());
    const empty = await trpcMutation(t, 'articles.create', { ...draft(), content: '' }, token);
    expect(empty.body.error?.data.appError).toEqual({ code: 'INVALID_INPUT', message: '内容不能为空' });
    const tags = await trpcMutation(t, 'articles.create', { ...draft(), tags: ['a', 'b', 'c', 'd'] }, token);
    expect(tags.body.error?.data.appError).toEqual({ code: 'INVALID_INPUT', message: '标签最多3个' });
    expect(await Article.countDocuments({ userId: user._id })).toBe(0);
  });

  it('pending articles: 403 to others, approve needs an admin, then lists show it', async () => {
    await saveSiteConfig(systemContext(), { articlePending: true });
    try {
      const { user, token } = await signedIn(buildUser());
      const id = (
        (await trpcMutation(t, 'articles.create', draft(), token)).body.result?.data as { id: number }
      ).id;
      const hidden = await trpcQuery(t, 'articles.byId', { id });
      expect(hidden.status).toBe(403);
      expect(hidden.body.error?.data.appError).toEqual({ code: 'FORBIDDEN', message: '文章审核中' });
      expect((await trpcMutation(t, 'articles.approve', { id }, token)).status).toBe(403);
      const { token: admin } = await signedIn(buildAdmin());
      expect((await trpcMutation(t, 'articles.approve', { id }, admin)).body.result?.data).toEqual({
        approved: true,
      });
      const byUser = await trpcQuery(t, 'articles.byUser', { userId: user._id });
      expect(byUser.body.result?.data).toMatchObject({
        results: [{ id, status: 0 }],
        cursor: String(id),
        hasMore: false,
      });
      const tagId = (await Article.findById(id).lean())!.tagIds[0]!;
      expect((await trpcQuery(t, 'articles.byTag', { tagId })).body.result?.data).toMatchObject({
        results: expect.arrayContaining([expect.objectContaining({ id })]),
      });
      expect((await trpcQuery(t, 'articles.list', {})).body.result?.data).toMatchObject({
        results: [{ id }],
      });
    } finally {
      await saveSiteConfig(systemContext(), { articlePending: false });
    }
  });

  it('an empty list is [] with the request cursor', async () => {
    const user = await buildUser();
    expect(
      (await trpcQuery(t, 'articles.byUser', { userId: user._id, cursor: '5' })).body.result?.data,
    ).toEqual({
      results: [],
      cursor: '5',
      hasMore: false,
    });
  });

  it('content is safe HTML for every XSS payload; titles come back as the plain text written', async () => {
    for (const payload of xssCorpus) {
      const { token } = await signedIn(buildUser());
      const title = payload.input.slice(0, 128).trim() || 'x';
      const created = await trpcMutation(
        t,
        'articles.create',
        { ...draft(), title, content: payload.input },
        token,
      );
      const article = created.body.result?.data as { title: string; summary: string; content: string };
      expect(article, payload.name).toBeDefined();
      expect(article.title).toBe(title.replace(/\0/g, '').trim());
      expect(findXss(article.content), payload.name).toEqual([]);
    }
  });
});
