import { describe, expect, it } from 'vitest';
import { Favorite, Topic, reprojectTopic, siteBaseUrl } from '@forum/core';
import { buildArticle, buildTopic, buildUser, signedIn } from '@forum/core/testing';
import { coded, type Envelope, legacyGet, legacyPost, refusal, success } from '../test/client';
import { userInfo } from '../test/legacy-shapes';
import { useTestApi } from '../test/harness';

const t = useTestApi();

describe('GET /api/topic/favorite/{id}', () => {
  it('adds a favourite; repeated and concurrent adds keep one row', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    expect(await legacyGet(t, `/api/topic/favorite/${topic._id}`, {}, token)).toEqual(success(null));
    const again = await Promise.all(
      Array.from({ length: 10 }, () => legacyGet(t, `/api/topic/favorite/${topic._id}`, {}, token)),
    );
    expect(again.every((body) => body.success)).toBe(true);
    expect(await Favorite.countDocuments({ userId: me._id })).toBe(1);
  });

  it('answers "收藏的话题不存在" for a missing or deleted topic and 1 for a visitor', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const deleted = await buildTopic({ userId: author._id, status: 1 });
    expect(await legacyGet(t, '/api/topic/favorite/99999999', {}, token)).toEqual(
      refusal('收藏的话题不存在'),
    );
    expect(await legacyGet(t, `/api/topic/favorite/${deleted._id}`, {}, token)).toEqual(
      refusal('收藏的话题不存在'),
    );
    expect(await legacyGet(t, `/api/topic/favorite/${topic._id}`)).toEqual(coded(1, '请先登录'));
    expect(await Favorite.countDocuments({ userId: me._id })).toBe(0);
  });
});

describe('POST /api/article/favorite/{id}', () => {
  it('answers "收藏的文章不存在" for a missing article', async () => {
    const { token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/article/favorite/99999999', {}, token)).toEqual(
      refusal('收藏的文章不存在'),
    );
  });
});

describe('GET /api/favorite/favorited and /api/favorite/delete', () => {
  it('says whether the viewer favourited, and removes the favourite', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const query = { entityType: 'topic', entityId: topic._id };
    expect(await legacyGet(t, '/api/favorite/favorited', query, token)).toEqual(
      success({ favorited: false }),
    );
    await legacyGet(t, `/api/topic/favorite/${topic._id}`, {}, token);
    expect(await legacyGet(t, '/api/favorite/favorited', query, token)).toEqual(success({ favorited: true }));
    expect(await legacyGet(t, '/api/favorite/favorited', query)).toEqual(success({ favorited: false }));
    expect(await legacyGet(t, '/api/favorite/delete', query)).toEqual(coded(1, '请先登录'));
    expect(await legacyGet(t, '/api/favorite/delete', query, token)).toEqual(success(null));
    expect(await legacyGet(t, '/api/favorite/delete', query, token)).toEqual(success(null));
    expect(await legacyGet(t, '/api/favorite/favorited', query, token)).toEqual(
      success({ favorited: false }),
    );
  });
});

describe('GET /api/user/favorites', () => {
  it('pages the favourites newest first as FavoriteResponse with entityId filled', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({
      userId: author._id,
      title: '收藏的主题',
      content: '# 标题\n\n正文内容',
    });
    const gone = await buildTopic({ userId: author._id });
    await legacyGet(t, `/api/topic/favorite/${topic._id}`, {}, token);
    await legacyGet(t, `/api/topic/favorite/${gone._id}`, {}, token);
    await Topic.updateOne({ _id: gone._id }, { $set: { status: 1 } });
    await reprojectTopic(gone._id);
    const rows = await Favorite.find({ entityId: { $in: [topic._id, gone._id] } })
      .sort({ _id: -1 })
      .lean();
    const body = await legacyGet(t, '/api/user/favorites', {}, token);
    expect(body).toEqual(
      success({
        results: [
          {
            favoriteId: rows[0]!._id,
            entityType: 'topic',
            entityId: gone._id,
            deleted: true,
            title: '',
            content: '',
            user: null,
            url: '',
            createTime: rows[0]!.createTime,
          },
          {
            favoriteId: rows[1]!._id,
            entityType: 'topic',
            entityId: topic._id,
            deleted: false,
            title: '收藏的主题',
            content: '标题 正文内容',
            // One of the author's two topics is still shown (fixtures go straight to the database).
            user: userInfo(author, { topicCount: 1 }),
            url: `${siteBaseUrl().replace(/\/+$/, '')}/topic/${topic._id}`,
            createTime: rows[1]!.createTime,
          },
        ],
        cursor: String(rows[1]!._id),
        hasMore: false,
      }),
    );
    expect(await legacyGet(t, '/api/user/favorites', { cursor: rows[1]!._id }, token)).toEqual(
      success({ results: null, cursor: String(rows[1]!._id), hasMore: false }),
    );
    expect(await legacyGet(t, '/api/user/favorites')).toEqual(coded(1, '请先登录'));
  });

  it('pages 20 at a time by the last favourite id', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topics = [];
    for (let i = 0; i < 21; i++) topics.push(await buildTopic({ userId: author._id }));
    for (const topic of topics) await legacyGet(t, `/api/topic/favorite/${topic._id}`, {}, token);
    const page1 = (await legacyGet(t, '/api/user/favorites', {}, token)).data as {
      results: { entityId: number }[];
      cursor: string;
      hasMore: boolean;
    };
    expect(page1.results.map((item) => item.entityId)).toEqual(
      topics
        .slice(1)
        .reverse()
        .map((topic) => topic._id),
    );
    expect(page1.hasMore).toBe(true);
    const page2 = (await legacyGet(t, '/api/user/favorites', { cursor: page1.cursor }, token)).data as {
      results: { entityId: number }[];
      hasMore: boolean;
    };
    expect(page2.results.map((item) => item.entityId)).toEqual([topics[0]!._id]);
    expect(page2.hasMore).toBe(false);
  });
});

describe('POST /api/favorite/add and /api/favorite/delete (late-2022 clients)', () => {
  it('adds and removes a favourite of a topic or an article from form fields', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const article = await buildArticle({ userId: author._id });
    const add = (entityType: string, entityId: number) =>
      legacyPost(t, '/api/favorite/add', { entityType, entityId }, token);
    expect(await add('topic', topic._id)).toEqual(success(null));
    expect(await add('article', article._id)).toEqual(success(null));
    expect(await add('topic', topic._id)).toEqual(success(null));
    expect(await Favorite.countDocuments({ userId: me._id })).toBe(2);
    const favorited = (entityType: string, entityId: number) =>
      legacyGet(t, '/api/favorite/favorited', { entityType, entityId }, token);
    expect((await favorited('topic', topic._id)).data).toEqual({ favorited: true });

    const remove = (entityType: string, entityId: number) =>
      legacyPost(t, '/api/favorite/delete', { entityType, entityId }, token);
    expect(await remove('topic', topic._id)).toEqual(success(null));
    expect(await remove('topic', topic._id)).toEqual(success(null));
    expect((await favorited('topic', topic._id)).data).toEqual({ favorited: false });
    expect((await favorited('article', article._id)).data).toEqual({ favorited: true });
  });

  it('asks a visitor to sign in and refuses a missing target', async () => {
    const { token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/favorite/add', { entityType: 'topic', entityId: 1 })).toEqual(
      coded(1, '请先登录'),
    );
    expect(await legacyPost(t, '/api/favorite/delete', { entityType: 'topic', entityId: 1 })).toEqual(
      coded(1, '请先登录'),
    );
    expect(
      await legacyPost(t, '/api/favorite/add', { entityType: 'topic', entityId: 99999999 }, token),
    ).toEqual(refusal('收藏的话题不存在'));
  });
});

describe('favorited in topic and article details', () => {
  it("shows the viewer's own favourite, false for a visitor, and never mixes the two", async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const article = await buildArticle({ userId: author._id });
    await legacyPost(t, '/api/favorite/add', { entityType: 'topic', entityId: topic._id }, token);
    await legacyPost(t, '/api/favorite/add', { entityType: 'article', entityId: article._id }, token);

    const topicPath = `/api/topic/${topic._id}`;
    // A visitor's answer is cached first; the signed-in reader must still see their own.
    expect((await legacyGet(t, topicPath)).data).toMatchObject({ topicId: topic._id, favorited: false });
    const cached = await fetch(`${t.baseUrl}${topicPath}`);
    expect(cached.headers.get('x-answer-cache')).toBe('hit');
    expect(((await cached.json()) as Envelope).data).toMatchObject({ favorited: false });
    expect((await legacyGet(t, topicPath, {}, token)).data).toMatchObject({
      topicId: topic._id,
      favorited: true,
    });
    // ... and the reader's answer never went into the visitors' cache.
    expect((await legacyGet(t, topicPath)).data).toMatchObject({ favorited: false });
    const byCookie = await fetch(`${t.baseUrl}${topicPath}`, { headers: { cookie: `userToken=${token}` } });
    expect(((await byCookie.json()) as Envelope).data).toMatchObject({ favorited: true });

    expect((await legacyGet(t, `/api/article/${article._id}`)).data).toMatchObject({ favorited: false });
    expect((await legacyGet(t, `/api/article/${article._id}`, {}, token)).data).toMatchObject({
      articleId: article._id,
      favorited: true,
    });
  });
});
