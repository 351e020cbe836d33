import { beforeAll, describe, expect, it } from 'vitest';
import {
  Article,
  OperateLog,
  Tag,
  reprojectArticle,
  saveSiteConfig,
  systemContext,
  type UserDoc,
} from '@forum/core';
import {
  buildAdmin,
  buildArticle,
  buildMutedUser,
  buildUser,
  findXss,
  signedIn,
  xssCorpus,
} from '@forum/core/testing';
import { coded, type Envelope, legacyGet, legacyPost, refusal, success } from '../test/client';
import { ARTICLE_KEYS, ARTICLE_SIMPLE_KEYS, tagResponses, userInfo } from '../test/legacy-shapes';
import { ownerToken, useTestApi } from '../test/harness';

const t = useTestApi();

const draft = (values: Record<string, string> = {}) => ({
  title: '语音识别综述',
  summary: '',
  content: '# 引言\n\n端到端**模型**',
  tags: 'ASR,综述',
  ...values,
});

async function create(token: string, values: Record<string, string> = {}): Promise<Envelope> {
  return legacyPost(t, '/api/article/create', draft(values), token);
}

async function createdId(token: string, values: Record<string, string> = {}): Promise<number> {
  const body = await create(token, values);
  expect(body.success, body.message).toBe(true);
  return (body.data as { articleId: number }).articleId;
}

async function setPending(on: boolean): Promise<void> {
  await saveSiteConfig(systemContext(), { articlePending: on });
}

describe('POST /api/article/create', () => {
  it('publishes a Markdown article and answers the ArticleResponse', async () => {
    const { user, token } = await signedIn(buildUser());
    const body = await create(token);
    const data = body.data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(ARTICLE_KEYS);
    expect(body).toEqual(
      success({
        articleId: expect.any(Number),
        user: userInfo(user),
        tags: await tagResponses('ASR', '综述'),
        title: '语音识别综述',
        summary: '',
        sourceUrl: '',
        viewCount: 0,
        createTime: expect.any(Number),
        status: 0,
        content: '<h1>引言</h1>\n<p>端到端<strong>模型</strong></p>\n',
      }),
    );
    const stored = await Article.findById(data.articleId).lean();
    expect(stored).toMatchObject({ userId: user._id, contentType: 'markdown', status: 0 });
    expect(stored?.tagIds).toHaveLength(2);
  });

  it('records the article.created event in the insert', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token);
    // The dispatcher may already have moved the event; either it is in the outbox or it was sent.
    const stored = await Article.findById(id).lean();
    const outbox = stored?.outbox ?? [];
    expect(outbox.every((event) => event.type === 'article.created')).toBe(true);
    if (outbox.length) expect(outbox[0]!.payload).toEqual({ articleId: id, userId: user._id, status: 0 });
  });

  it('a visitor is asked to sign in and a muted user is refused with 1001', async () => {
    expect(await create('')).toEqual(coded(1, '请先登录'));
    const { user, token } = await signedIn(buildMutedUser());
    expect(await create(token)).toEqual(coded(1001, '已被禁言'));
    expect(await Article.countDocuments({ userId: user._id })).toBe(0);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const { user, token } = await signedIn(buildUser());
    const tagsBefore = await Tag.countDocuments();
    expect(await create(token, { title: '   ', tags: '新标签甲' })).toEqual(refusal('标题不能为空'));
    expect(await create(token, { title: '长'.repeat(129) })).toEqual(refusal('标题长度不能超过128'));
    expect(await create(token, { content: ' \n ' })).toEqual(refusal('内容不能为空'));
    expect(await create(token, { content: '字'.repeat(100_001) })).toEqual(refusal('内容长度不能超过100000'));
    expect(await create(token, { tags: 'a,b,c,d' })).toEqual(refusal('标签最多3个'));
    expect(await Article.countDocuments({ userId: user._id })).toBe(0);
    expect(await Tag.countDocuments()).toBe(tagsBefore);
  });

  it('with createArticleEmailVerified an unverified author gets "1004: 请先验证邮箱"', async () => {
    await saveSiteConfig(systemContext(), { createArticleEmailVerified: true });
    try {
      const { token } = await signedIn(buildUser());
      expect(await create(token)).toEqual(refusal('1004: 请先验证邮箱'));
      const { token: verified } = await signedIn(buildUser({ emailVerified: true }));
      expect((await create(verified)).success).toBe(true);
    } finally {
      await saveSiteConfig(systemContext(), { createArticleEmailVerified: false });
    }
  });

  it('limits how many articles one author publishes in a row', async () => {
    const { token } = await signedIn(buildUser());
    for (let i = 0; i < 10; i++) expect((await create(token, { title: `第${i}篇` })).success).toBe(true);
    expect(await create(token)).toEqual(refusal('操作过于频繁，请稍后再试'));
  });
});

describe('GET /api/article/{id}', () => {
  it('answers the detail with the stored summary only and counts a view', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token, { summary: '作者摘要' });
    const body = await legacyGet(t, `/api/article/${id}`);
    // The detail adds the reader's `favorited` (late-2022 clients) after the legacy fields.
    expect(Object.keys(body.data as object)).toEqual([...ARTICLE_KEYS, 'favorited']);
    expect(body).toMatchObject(
      success({ articleId: id, user: userInfo(user), summary: '作者摘要', viewCount: 1 }),
    );
    expect((await legacyGet(t, `/api/article/${id}`)).data).toMatchObject({ viewCount: 2 });
  });

  it('a missing or deleted article is errorCode 404 "文章不存在"', async () => {
    const user = await buildUser();
    const deleted = await buildArticle({ userId: user._id, status: 1 });
    expect(await legacyGet(t, '/api/article/99999999')).toEqual(coded(404, '文章不存在'));
    expect(await legacyGet(t, `/api/article/${deleted._id}`)).toEqual(coded(404, '文章不存在'));
  });
});

describe('the review of new articles (articlePending)', () => {
  it('a pending article is shown to its author and admins only, until an admin approves it', async () => {
    await setPending(true);
    try {
      const { user, token } = await signedIn(buildUser());
      const body = await create(token);
      expect(body.data).toMatchObject({ status: 2 });
      const id = (body.data as { articleId: number }).articleId;

      const { token: stranger } = await signedIn(buildUser());
      expect(await legacyGet(t, `/api/article/${id}`)).toEqual(coded(403, '文章审核中'));
      expect(await legacyGet(t, `/api/article/${id}`, {}, stranger)).toEqual(coded(403, '文章审核中'));
      expect((await legacyGet(t, `/api/article/${id}`, {}, token)).data).toMatchObject({ status: 2 });
      const { token: admin } = await signedIn(buildAdmin());
      expect((await legacyGet(t, `/api/article/${id}`, {}, admin)).data).toMatchObject({ status: 2 });
      const mine = await legacyGet(t, '/api/article/user/articles', { userId: user._id });
      expect(mine.data).toEqual({ results: null, cursor: '0', hasMore: false });

      expect(await legacyPost(t, '/api/admin/article/pending', { id }, stranger)).toEqual(coded(2, '无权限'));
      const recent = await legacyGet(t, '/api/admin/article/recent', { status: 2 }, admin);
      expect((recent.data as { articleId: number }[]).map((a) => a.articleId)).toContain(id);
      expect(await legacyPost(t, '/api/admin/article/pending', { id }, admin)).toEqual(success(null));
      expect((await legacyGet(t, `/api/article/${id}`)).data).toMatchObject({ articleId: id, status: 0 });
      expect(
        await OperateLog.countDocuments({ dataType: 'article', dataId: id, description: '审核通过' }),
      ).toBe(1);
    } finally {
      await setPending(false);
    }
  });

  it('approving a deleted article answers "文章不存在"', async () => {
    const user = await buildUser();
    const deleted = await buildArticle({ userId: user._id, status: 1 });
    const admin = await ownerToken();
    expect(await legacyPost(t, '/api/admin/article/pending', { id: deleted._id }, admin)).toEqual(
      refusal('文章不存在'),
    );
  });
});

describe('editing and deleting', () => {
  it('GET /api/article/edit/{id} answers the raw Markdown and tag names', async () => {
    const { token } = await signedIn(buildUser());
    const id = await createdId(token);
    expect(await legacyGet(t, `/api/article/edit/${id}`, {}, token)).toEqual(
      success({
        articleId: id,
        title: '语音识别综述',
        content: '# 引言\n\n端到端**模型**',
        tags: ['ASR', '综述'],
      }),
    );
    const bare = await createdId(token, { tags: '' });
    expect((await legacyGet(t, `/api/article/edit/${bare}`, {}, token)).data).toMatchObject({ tags: null });
  });

  it('POST /api/article/edit/{id} changes title, body and tags and answers {articleId}', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token);
    const body = await legacyPost(
      t,
      `/api/article/edit/${id}`,
      { title: '新标题', content: '新正文', tags: 'TTS' },
      token,
    );
    expect(body).toEqual(success({ articleId: id }));
    const stored = await Article.findById(id).lean();
    const tts = await Tag.findOne({ name: 'TTS' }).lean();
    expect(stored).toMatchObject({ title: '新标题', content: '新正文', tagIds: [tts!._id] });
    expect(await OperateLog.countDocuments({ userId: user._id, opType: 'update', dataId: id })).toBe(1);
  });

  it('someone else cannot edit or delete an article ("无权限"), an admin can', async () => {
    const { token } = await signedIn(buildUser());
    const id = await createdId(token);
    const { token: other } = await signedIn(buildUser());
    expect(await legacyGet(t, `/api/article/edit/${id}`, {}, other)).toEqual(refusal('无权限'));
    expect(await legacyPost(t, `/api/article/edit/${id}`, { title: '改', content: '改' }, other)).toEqual(
      refusal('无权限'),
    );
    expect(await legacyPost(t, `/api/article/delete/${id}`, {}, other)).toEqual(refusal('无权限'));
    expect(await Article.findById(id).lean()).toMatchObject({ title: '语音识别综述', status: 0 });
    const { token: admin } = await signedIn(buildAdmin());
    expect(
      await legacyPost(t, `/api/article/edit/${id}`, { title: '管理员改', content: '正文' }, admin),
    ).toEqual(success({ articleId: id }));
  });

  it('an edit with bad input changes nothing', async () => {
    const { token } = await signedIn(buildUser());
    const id = await createdId(token);
    expect(await legacyPost(t, `/api/article/edit/${id}`, { title: '', content: 'x' }, token)).toEqual(
      refusal('标题不能为空'),
    );
    expect(await legacyPost(t, `/api/article/edit/${id}`, { title: 'x', content: '' }, token)).toEqual(
      refusal('内容不能为空'),
    );
    expect(
      await legacyPost(t, `/api/article/edit/${id}`, { title: 'x', content: 'y', tags: '1,2,3,4' }, token),
    ).toEqual(refusal('标签最多3个'));
    expect(await Article.findById(id).lean()).toMatchObject({ title: '语音识别综述' });
  });

  it('deleting hides the article everywhere, its tag list included (docs/legacy-api.md Appendix A #10)', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token, { tags: '删除测试' });
    const tag = await Tag.findOne({ name: '删除测试' }).lean();
    const before = await legacyGet(t, '/api/article/tag/articles', { tagId: tag!._id });
    expect((before.data as { results: { articleId: number }[] }).results.map((a) => a.articleId)).toEqual([
      id,
    ]);
    expect(await legacyPost(t, `/api/article/delete/${id}`, {}, token)).toEqual(success(null));
    expect(await Article.findById(id).lean()).toMatchObject({ status: 1 });
    expect((await legacyGet(t, '/api/article/tag/articles', { tagId: tag!._id })).data).toEqual({
      results: null,
      cursor: '0',
      hasMore: false,
    });
    expect(await legacyGet(t, `/api/article/${id}`)).toEqual(coded(404, '文章不存在'));
    expect(await legacyPost(t, `/api/article/delete/${id}`, {}, token)).toEqual(refusal('文章不存在'));
    expect(await OperateLog.countDocuments({ userId: user._id, opType: 'delete', dataId: id })).toBe(1);
  });

  it('editing needs the posting rights: visitor 1, muted 1001', async () => {
    const { user, token } = await signedIn(buildUser());
    const id = await createdId(token);
    expect(await legacyPost(t, `/api/article/edit/${id}`, { title: 'a', content: 'b' })).toEqual(
      coded(1, '请先登录'),
    );
    await import('@forum/core').then(async ({ User, reprojectUser }) => {
      await User.updateOne({ _id: user._id }, { forbiddenEndTime: -1 });
      await reprojectUser(user._id);
    });
    expect(await legacyPost(t, `/api/article/edit/${id}`, { title: 'a', content: 'b' }, token)).toEqual(
      coded(1001, '已被禁言'),
    );
  });
});

describe('article lists', () => {
  let author: UserDoc;
  let ids: number[];
  beforeAll(async () => {
    author = await buildUser();
    ids = [];
    for (let i = 0; i < 22; i++)
      ids.push((await buildArticle({ userId: author._id, summary: `摘要${i}` }))._id);
    await buildArticle({ userId: author._id, status: 2 });
    await buildArticle({ userId: author._id, status: 1 });
  });

  it('GET /api/article/user/articles pages 20 at a time by id, cursor a string', async () => {
    const first = await legacyGet(t, '/api/article/user/articles', { userId: author._id });
    const page = first.data as { results: Record<string, unknown>[]; cursor: string; hasMore: boolean };
    expect(page.results.map((a) => a.articleId)).toEqual(ids.slice(2).reverse());
    expect(page.cursor).toBe(String(ids[2]));
    expect(page.hasMore).toBe(true);
    expect(Object.keys(page.results[0]!)).toEqual(ARTICLE_SIMPLE_KEYS);
    expect(page.results[0]).toEqual({
      articleId: ids[21],
      user: userInfo(author),
      tags: null,
      title: `文章${ids[21]}`,
      summary: '摘要21',
      sourceUrl: '',
      viewCount: 0,
      createTime: expect.any(Number),
      status: 0,
    });
    const second = await legacyGet(t, '/api/article/user/articles', {
      userId: author._id,
      cursor: page.cursor,
    });
    expect(second.data).toMatchObject({ cursor: String(ids[0]), hasMore: false });
    expect((second.data as { results: { articleId: number }[] }).results.map((a) => a.articleId)).toEqual([
      ids[1],
      ids[0],
    ]);
    const past = await legacyGet(t, '/api/article/user/articles', { userId: author._id, cursor: ids[0]! });
    expect(past.data).toEqual({ results: null, cursor: String(ids[0]), hasMore: false });
  });

  it('GET /api/article/user/articles without userId names the parameter', async () => {
    expect(await legacyGet(t, '/api/article/user/articles')).toEqual(
      refusal("unable to find param value 'userId'"),
    );
  });

  it('GET /api/article/articles lists shown articles newest first; the summary falls back to the body', async () => {
    const user = await buildUser();
    const latest = await buildArticle({ userId: user._id, content: '**正文**开头' });
    const body = await legacyGet(t, '/api/article/articles');
    const page = body.data as { results: Record<string, unknown>[]; cursor: string; hasMore: boolean };
    expect(page.results).toHaveLength(20);
    expect(page.results[0]).toMatchObject({ articleId: latest._id, summary: '正文开头' });
    expect(page.results.every((a) => a.status === 0)).toBe(true);
    expect(page.hasMore).toBe(true);
  });

  it('GET /api/article/nearly/{id} gives up to ten shown articles before it', async () => {
    const body = await legacyGet(t, `/api/article/nearly/${ids[5]}`);
    const results = body.data as { articleId: number }[];
    // Articles of earlier tests come before these five; all are older than the given one.
    expect(results.map((a) => a.articleId).slice(0, 5)).toEqual(ids.slice(0, 5).reverse());
    expect(results.length).toBeLessThanOrEqual(10);
    expect(results.every((a) => a.articleId < ids[5]!)).toBe(true);
    expect(Object.keys(results[0]!)).toEqual(ARTICLE_SIMPLE_KEYS);
  });

  it('GET /api/article/related/{id} gives other shown articles sharing a tag, null without tags', async () => {
    const { token } = await signedIn(buildUser());
    const a = await createdId(token, { tags: '相关甲' });
    const b = await createdId(token, { tags: '相关甲,相关乙' });
    const c = await createdId(token, { tags: '相关乙' });
    const hidden = await createdId(token, { tags: '相关乙' });
    await Article.updateOne({ _id: hidden }, { status: 1 });
    await reprojectArticle(hidden);
    const related = (await legacyGet(t, `/api/article/related/${b}`)).data as { articleId: number }[];
    expect(related.map((x) => x.articleId)).toEqual([c, a]);
    expect(await legacyGet(t, `/api/article/related/${ids[0]}`)).toEqual(success(null));
  });

  it('GET /api/article/tag/articles pages one tag by article id; tagId 0 is an empty page', async () => {
    const { token } = await signedIn(buildUser());
    const first = await createdId(token, { tags: '分页标签' });
    const second = await createdId(token, { tags: '分页标签' });
    const tag = await Tag.findOne({ name: '分页标签' }).lean();
    const body = await legacyGet(t, '/api/article/tag/articles', { tagId: tag!._id });
    expect(body.data).toMatchObject({ cursor: String(first), hasMore: false });
    expect((body.data as { results: { articleId: number }[] }).results.map((a) => a.articleId)).toEqual([
      second,
      first,
    ]);
    expect((await legacyGet(t, '/api/article/tag/articles')).data).toEqual({
      results: null,
      cursor: '0',
      hasMore: false,
    });
  });

  it('GET /api/article/redirect/{id} gives the article address, "文章不存在" when hidden', async () => {
    expect(await legacyGet(t, `/api/article/redirect/${ids[0]}`)).toEqual(
      success({ url: `http://localhost:3000/article/${ids[0]}` }),
    );
    const pending = await buildArticle({ userId: author._id, status: 2 });
    expect(await legacyGet(t, `/api/article/redirect/${pending._id}`)).toEqual(refusal('文章不存在'));
  });

  it('a non-numeric id is an unmatched route', async () => {
    const response = await fetch(`${t.baseUrl}/api/article/abc`);
    expect(response.status).toBe(404);
  });
});

describe('article text on the legacy wire', () => {
  it('sends the title and summary unescaped, as bbs-go did and as topic titles go', async () => {
    const { token } = await signedIn(buildUser());
    const title = '"端到端" 语音识别 & <说话人> 分离';
    const summary = 'Conformer & "CTC" 对比';
    const id = await createdId(token, { title, summary });
    const detail = (await legacyGet(t, `/api/article/${id}`)).data as Record<string, string>;
    expect(detail).toMatchObject({ title, summary });
    const list = (await legacyGet(t, `/api/article/nearly/${id + 1}`)).data as Record<string, string>[];
    expect(list.find((item) => Number(item.articleId) === id)).toMatchObject({ title, summary });
    // Without an author summary, the list's summary is the start of the body as text, unescaped too.
    await Article.updateOne({ _id: id }, { summary: '', content: 'A & B "引用" <尖括号>' });
    await reprojectArticle(id);
    const again = (await legacyGet(t, `/api/article/nearly/${id + 1}`)).data as Record<string, string>[];
    expect(again.find((item) => Number(item.articleId) === id)).toMatchObject({
      summary: 'A & B "引用" <尖括号>',
    });
  });
});

describe('XSS through article fields', () => {
  it('no payload survives in content; title and summary come back as the text that was sent', async () => {
    const { token } = await signedIn(buildUser());
    for (const [index, payload] of xssCorpus.entries()) {
      const body = await legacyPost(
        t,
        '/api/article/create',
        {
          title: payload.input.slice(0, 128),
          summary: payload.input.slice(0, 512),
          content: payload.input,
          tags: '',
        },
        (await signedIn(buildUser())).token,
      );
      expect(body.success, `${payload.name}: ${body.message}`).toBe(true);
      const id = (body.data as { articleId: number }).articleId;
      const detail = (await legacyGet(t, `/api/article/${id}`, {}, token)).data as Record<string, string>;
      expect(findXss(detail.content!), `${payload.name} content #${index}`).toEqual([]);
      // Plain text, not HTML: the clients bind it as text (bbs-go's wire), so it is the input as sent.
      expect(detail.title, payload.name).toBe(payload.input.slice(0, 128).replaceAll('\0', '').trim());
      // Without an author summary, the list summary is cut from the rendered body.
      await Article.updateOne({ _id: id }, { summary: '' });
      await reprojectArticle(id);
      const list = (await legacyGet(t, `/api/article/nearly/${id + 1}`)).data as Record<string, string>[];
      const item = list.find((a) => Number(a.articleId) === id)!;
      expect(item.title, payload.name).toBe(detail.title);
    }
    // Over a hundred payloads, each written, read and listed: far more than one request's time.
  }, 120_000);
});
