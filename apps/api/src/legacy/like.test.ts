import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserLike } from '@forum/core';
import { makeComment, makeTopic, topicCounters, userInfo } from '../test/comments-helpers';
import { legacyGet, legacyPost } from '../test/follows-helpers';
import { makeUser, startTestApi, type TestApi } from '../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

const success = (data: unknown) => ({ errorCode: 0, message: '', data, success: true });
const message = (text: string) => ({ errorCode: 0, message: text, data: null, success: false });
const coded = (errorCode: number, text: string) => ({ errorCode, message: text, data: null, success: false });

describe('POST /api/topic/like/{id}', () => {
  it('likes a topic once: likeCount 1, a second like answers "已点赞"', async () => {
    const [{ user: author }, { token }] = [await makeUser(), await makeUser()];
    const topic = await makeTopic(author);
    expect(await legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)).toEqual(success(null));
    expect(await legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)).toEqual(message('已点赞'));
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 1 });
  });

  it('20 concurrent likes by one user count once', async () => {
    const [{ user: author }, { token }] = [await makeUser(), await makeUser()];
    const topic = await makeTopic(author);
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () => legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)),
    );
    expect(bodies.filter((body) => body.success)).toHaveLength(1);
    expect(bodies.filter((body) => body.message === '已点赞')).toHaveLength(19);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 1 });
    expect(await UserLike.countDocuments({ entityType: 'topic', entityId: topic._id })).toBe(1);
  });

  it('10 users liking at once give likeCount 10', async () => {
    const { user: author } = await makeUser();
    const topic = await makeTopic(author);
    const users = await Promise.all(Array.from({ length: 10 }, () => makeUser()));
    await Promise.all(users.map(({ token }) => legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)));
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 10 });
  });

  it('answers "话题不存在" for a missing or deleted topic, 1 for a visitor, 1001 for a muted user', async () => {
    const [{ user: author }, { token }] = [await makeUser(), await makeUser()];
    const { token: mutedToken } = await makeUser({ forbiddenEndTime: -1 });
    const topic = await makeTopic(author);
    const deleted = await makeTopic(author, { status: 1 });
    expect(await legacyPost(t, '/api/topic/like/99999999', {}, token)).toEqual(message('话题不存在'));
    expect(await legacyPost(t, `/api/topic/like/${deleted._id}`, {}, token)).toEqual(message('话题不存在'));
    expect(await legacyPost(t, `/api/topic/like/${topic._id}`)).toEqual(coded(1, '请先登录'));
    expect(await legacyPost(t, `/api/topic/like/${topic._id}`, {}, mutedToken)).toEqual(
      coded(1001, '已被禁言'),
    );
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 0 });
    expect(await UserLike.countDocuments({ entityId: { $in: [topic._id, deleted._id] } })).toBe(0);
  });
});

describe('GET /api/topic/recentlikes/{id}', () => {
  it('lists the five newest likers as UserInfo, or null when nobody liked', async () => {
    const { user: author } = await makeUser();
    const topic = await makeTopic(author);
    expect(await legacyGet(t, `/api/topic/recentlikes/${topic._id}`)).toEqual(success(null));
    const likers = [];
    for (let i = 0; i < 6; i++) {
      const liker = await makeUser();
      await legacyPost(t, `/api/topic/like/${topic._id}`, {}, liker.token);
      likers.push(liker.user);
    }
    const body = await legacyGet(t, `/api/topic/recentlikes/${topic._id}`);
    expect(body).toEqual(
      success(
        likers
          .slice(1)
          .reverse()
          .map((user) => userInfo(user)),
      ),
    );
  });
});

describe('GET /api/like/liked and /api/like/is/liked', () => {
  it('say what the viewer liked; visitors liked nothing', async () => {
    const [{ user: author }, { token }] = [await makeUser(), await makeUser()];
    const [a, b, c] = [await makeTopic(author), await makeTopic(author), await makeTopic(author)];
    await legacyPost(t, `/api/topic/like/${a._id}`, {}, token);
    await legacyPost(t, `/api/topic/like/${c._id}`, {}, token);
    expect(await legacyGet(t, '/api/like/liked', { entityType: 'topic', entityId: a._id }, token)).toEqual(
      success({ liked: true }),
    );
    expect(await legacyGet(t, '/api/like/liked', { entityType: 'topic', entityId: b._id }, token)).toEqual(
      success({ liked: false }),
    );
    expect(await legacyGet(t, '/api/like/liked', { entityType: 'topic', entityId: a._id })).toEqual(
      success({ liked: false }),
    );
    const ids = `${c._id},x,${b._id},${a._id}`;
    expect(await legacyGet(t, '/api/like/is/liked', { entityType: 'topic', entityIds: ids }, token)).toEqual(
      success({ liked: [c._id, a._id] }),
    );
    expect(await legacyGet(t, '/api/like/is/liked', { entityType: 'topic', entityIds: ids })).toEqual(
      success({ liked: null }),
    );
  });
});

describe('POST /api/like/unlike', () => {
  it('takes a like back once; repeating it changes nothing', async () => {
    const [{ user: author }, { token }] = [await makeUser(), await makeUser()];
    const topic = await makeTopic(author);
    const comment = await makeComment(author, 'topic', topic._id);
    await legacyPost(t, `/api/topic/like/${topic._id}`, {}, token);
    await legacyPost(t, `/api/comment/like/${comment._id}`, {}, token);
    const values = { entityType: 'topic', entityId: topic._id };
    const unliked = await Promise.all(
      Array.from({ length: 5 }, () => legacyPost(t, '/api/like/unlike', values, token)),
    );
    expect(unliked.every((body) => body.success)).toBe(true);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 1, likeCount: 0 });
    // Liking again works after an unlike.
    expect(await legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)).toEqual(success(null));
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 1, likeCount: 1 });
    expect(
      await legacyPost(t, '/api/like/unlike', { entityType: 'comment', entityId: comment._id }, token),
    ).toEqual(success(null));
  });

  it('asks a visitor to sign in and refuses an unknown entity type', async () => {
    const { token } = await makeUser();
    expect(await legacyPost(t, '/api/like/unlike', { entityType: 'topic', entityId: 1 })).toEqual(
      coded(1, '请先登录'),
    );
    expect(await legacyPost(t, '/api/like/unlike', { entityType: 'project', entityId: 1 }, token)).toEqual(
      message('参数非法'),
    );
  });
});
