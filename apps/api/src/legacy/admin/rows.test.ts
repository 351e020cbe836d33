/**
 * The raw-CRUD and maintenance endpoints of docs/legacy-api.md §2.2 the console has no screen for: an
 * article's fields and tags, the sitemap and user recount triggers, favourites and third-party
 * accounts. Each change is seen where a client sees it (the public article, a user's favourites,
 * the profile's counts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpStamp, kv, OperateLog, userLists, type UserDoc } from '@forum/core';
import { buildAdmin, buildArticle, buildTopic, buildUser, signedIn, waitFor } from '@forum/core/testing';
import { startTestWorker, type RunningWorker } from '../../test/worker';
import { legacyGet, legacyPost, refusalsOf } from '../../test/client';
import { ownerToken, useTestApi } from '../../test/harness';

const t = useTestApi();
let worker: RunningWorker;
let admin: string;

beforeAll(async () => {
  worker = await startTestWorker(t, 'maintenance');
  admin = (await signedIn(buildAdmin())).token;
  await ownerToken();
});
afterAll(async () => {
  await worker.close();
});

const articleOf = async (id: number) =>
  (await legacyGet(t, `/api/article/${id}`)).data as { title: string; content: string; tags: unknown };

describe('POST /api/admin/article/update', () => {
  it('changes the fields sent and keeps the others; the public article shows it', async () => {
    const user = await buildUser();
    const article = await buildArticle({ userId: user._id, title: '原来的标题', summary: '原摘要' });
    const body = await legacyPost(
      t,
      '/api/admin/article/update',
      { id: article._id, title: '改过的标题', content: '改过的**正文**' },
      admin,
    );
    expect(body).toMatchObject({
      success: true,
      data: { id: article._id, title: '改过的标题', summary: '原摘要', content: '改过的**正文**' },
    });
    await waitFor('the new title in the public article', async () =>
      (await articleOf(article._id)).title === '改过的标题' ? true : undefined,
    );
    expect((await articleOf(article._id)).content).toContain('<strong>正文</strong>');
    expect(await OperateLog.exists({ dataType: 'article', dataId: article._id })).not.toBeNull();
  });

  it('refuses an empty title, an empty body, an unknown format and an unknown id with bbs-go’s texts', async () => {
    const user = await buildUser();
    const article = await buildArticle({ userId: user._id });
    const cases: [Record<string, string | number>, string][] = [
      [{ id: article._id, title: ' ' }, '标题不能为空'],
      [{ id: article._id, content: '' }, '内容不能为空'],
      [{ id: article._id, contentType: 'rtf' }, '请选择内容格式'],
      [{ id: 999_999_999, title: '无' }, 'entity not found'],
    ];
    expect(await refusalsOf(t, '/api/admin/article/update', cases, admin)).toEqual(cases);
  });
});

describe('GET and PUT /api/admin/article/tags', () => {
  it('replaces an article’s tags by name and lists them as TagResponses', async () => {
    const user = await buildUser();
    const article = await buildArticle({ userId: user._id });
    expect(await legacyGet(t, '/api/admin/article/tags', { articleId: article._id }, admin)).toMatchObject({
      success: true,
      data: [],
    });
    const put = await legacyPost(
      t,
      '/api/admin/article/tags',
      { articleId: article._id, tags: '声学模型, 端到端' },
      admin,
      'PUT',
    );
    expect(put).toMatchObject({ success: true, data: [{ tagName: '声学模型' }, { tagName: '端到端' }] });
    const listed = await legacyGet(t, '/api/admin/article/tags', { articleId: article._id }, admin);
    expect(listed.data).toEqual(put.data);
    await waitFor('the tags on the public article', async () =>
      JSON.stringify((await articleOf(article._id)).tags).includes('端到端') ? true : undefined,
    );
  });
});

describe('GET /api/admin/article/sitemap and /api/admin/user/synccount', () => {
  it('the sitemap needs no regeneration: success, and /sitemap.xml already lists a new topic', async () => {
    const user = await buildUser();
    const topic = await buildTopic({ userId: user._id });
    expect(await legacyGet(t, '/api/admin/article/sitemap', {}, admin)).toMatchObject({
      success: true,
      data: null,
    });
    expect(await (await fetch(`${t.baseUrl}/sitemap.xml`)).text()).toContain(`/topic/${topic._id}`);
  });

  it('synccount repairs a user’s topic count that drifted', async () => {
    const user = await buildUser();
    await buildTopic({ userId: user._id });
    const topicCount = async () =>
      ((await legacyGet(t, `/api/user/${user._id}`)).data as { topicCount: number }).topicCount;
    expect(await topicCount()).toBe(1);
    // Drift: the list the count is read from is lost behind the services' back. Readers hold
    // counts until the read model's stamp moves, so it shows from the next write on (a bump).
    await kv().del(userLists.topics(user._id));
    await bumpStamp();
    await waitFor('the drifted count', async () => ((await topicCount()) === 0 ? true : undefined));
    expect(await legacyGet(t, '/api/admin/user/synccount', {}, admin)).toMatchObject({ success: true });
    await waitFor('the repaired count', async () => ((await topicCount()) === 1 ? true : undefined), 30_000);
  });
});

describe('/api/admin/favorite/...', () => {
  it('creates a favourite for a user, who then sees it; update moves it; get and list show the row', async () => {
    const { user, token } = await signedIn(buildUser());
    const author = (await buildUser()) as UserDoc;
    const first = await buildTopic({ userId: author._id });
    const second = await buildTopic({ userId: author._id });
    const created = await legacyPost(
      t,
      '/api/admin/favorite/create',
      { userId: user._id, entityType: 'topic', entityId: first._id },
      admin,
    );
    expect(created).toMatchObject({
      success: true,
      data: { userId: user._id, entityType: 'topic', entityId: first._id },
    });
    const id = (created.data as { id: number }).id;
    const mine = async () =>
      (
        (await legacyGet(t, '/api/user/favorites', {}, token)).data as {
          results: { entityId: number }[] | null;
        }
      ).results ?? [];
    expect((await mine()).map((row) => row.entityId)).toEqual([first._id]);
    expect(await legacyGet(t, `/api/admin/favorite/${id}`, {}, admin)).toMatchObject({
      data: { id, entityId: first._id },
    });

    const moved = await legacyPost(t, '/api/admin/favorite/update', { id, entityId: second._id }, admin);
    expect(moved).toMatchObject({ success: true, data: { userId: user._id, entityId: second._id } });
    expect((await mine()).map((row) => row.entityId)).toEqual([second._id]);
    const listed = await legacyPost(t, '/api/admin/favorite/list', { userId: user._id }, admin);
    expect(listed.data).toMatchObject({ page: { total: 1 }, results: [{ entityId: second._id }] });
    expect(await legacyGet(t, `/api/admin/favorite/${id}`, {}, admin)).toMatchObject({
      success: false,
      message: `Not found, id=${id}`,
    });
  });

  it('refuses an unknown user or entity', async () => {
    const user = await buildUser();
    expect(
      await legacyPost(
        t,
        '/api/admin/favorite/create',
        { userId: 999_999_999, entityType: 'topic', entityId: 1 },
        admin,
      ),
    ).toMatchObject({ success: false, message: '用户不存在' });
    expect(
      await legacyPost(
        t,
        '/api/admin/favorite/create',
        { userId: user._id, entityType: 'topic', entityId: 999_999_999 },
        admin,
      ),
    ).toMatchObject({ success: false });
  });
});

describe('/api/admin/third-account/...', () => {
  it('creates, reads, lists and updates a linked account; one identity links once', async () => {
    const user = await buildUser();
    const thirdId = `gh-${Date.now()}`;
    const created = await legacyPost(
      t,
      '/api/admin/third-account/create',
      { userId: user._id, thirdType: 'github', thirdId, nickname: '代码仓库' },
      admin,
    );
    expect(created).toMatchObject({
      success: true,
      data: { userId: { Int64: user._id, Valid: true }, thirdType: 'github', thirdId, nickname: '代码仓库' },
    });
    const id = (created.data as { id: number }).id;
    const other = await buildUser();
    expect(
      await legacyPost(
        t,
        '/api/admin/third-account/create',
        { userId: other._id, thirdType: 'github', thirdId },
        admin,
      ),
    ).toMatchObject({ success: false, message: '该第三方账号已被绑定' });

    expect(
      await legacyPost(t, '/api/admin/third-account/update', { id, nickname: '新昵称' }, admin),
    ).toMatchObject({ success: true, data: { id, nickname: '新昵称', thirdId } });
    expect(await legacyGet(t, `/api/admin/third-account/${id}`, {}, admin)).toMatchObject({
      data: { id, nickname: '新昵称' },
    });
    const listed = await legacyPost(t, '/api/admin/third-account/list', { thirdId }, admin);
    expect(listed.data).toMatchObject({ page: { total: 1 }, results: [{ id }] });
    expect(await legacyPost(t, '/api/admin/third-account/update', { id: 999_999_999 }, admin)).toMatchObject({
      success: false,
      message: 'entity not found',
    });
  });
});

describe('/api/admin/article-tag/...', () => {
  it('lists an article’s tags as rows, adds one, and puts another tag in a row’s place', async () => {
    const user = await buildUser();
    const article = await buildArticle({ userId: user._id });
    const put = await legacyPost(
      t,
      '/api/admin/article/tags',
      { articleId: article._id, tags: '语音增强' },
      admin,
      'PUT',
    );
    const [enhancement] = put.data as { tagId: number }[];
    const other = (
      await legacyPost(
        t,
        '/api/admin/article/tags',
        { articleId: (await buildArticle({ userId: user._id }))._id, tags: '说话人识别,降噪' },
        admin,
        'PUT',
      )
    ).data as { tagId: number }[];

    const listed = await legacyPost(t, '/api/admin/article-tag/list', { articleId: article._id }, admin);
    expect(listed.data).toMatchObject({
      page: { total: 1 },
      results: [{ articleId: article._id, tagId: enhancement!.tagId }],
    });
    const created = await legacyPost(
      t,
      '/api/admin/article-tag/create',
      { articleId: article._id, tagId: other[0]!.tagId },
      admin,
    );
    expect(created).toMatchObject({
      success: true,
      data: { articleId: article._id, tagId: other[0]!.tagId },
    });
    const rowId = (created.data as { id: number }).id;
    expect(await legacyGet(t, `/api/admin/article-tag/${rowId}`, {}, admin)).toMatchObject({
      data: { id: rowId, tagId: other[0]!.tagId },
    });

    const updated = await legacyPost(
      t,
      '/api/admin/article-tag/update',
      { id: rowId, tagId: other[1]!.tagId },
      admin,
    );
    expect(updated).toMatchObject({ success: true, data: { id: rowId, tagId: other[1]!.tagId } });
    const tags = await legacyGet(t, '/api/admin/article/tags', { articleId: article._id }, admin);
    expect((tags.data as { tagName: string }[]).map((tag) => tag.tagName)).toEqual(['语音增强', '降噪']);

    expect(
      await legacyPost(t, '/api/admin/article-tag/update', { id: rowId, tagId: enhancement!.tagId }, admin),
    ).toMatchObject({
      success: false,
      message: '文章已有该标签',
    });
    expect(await legacyPost(t, '/api/admin/article-tag/list', {}, admin)).toMatchObject({
      success: false,
      message: '请指定查询的【文章编号】或【标签编号】',
    });
    expect(await legacyGet(t, `/api/admin/article-tag/${article._id * 100 + 9}`, {}, admin)).toMatchObject({
      success: false,
    });
  });
});
