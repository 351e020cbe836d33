import { describe, expect, it } from 'vitest';
import { UserLike } from '@forum/core';
import {
  buildComment,
  buildMutedUser,
  buildTopic,
  buildUser,
  signedIn,
  topicCounters,
} from '@forum/core/testing';
import { coded, legacyGet, legacyPost, refusal, success } from '../test/client';
import { userInfo } from '../test/legacy-shapes';
import { useTestApi } from '../test/harness';

const t = useTestApi();

describe('POST /api/topic/like/{id}', () => {
  it('likes a topic once: likeCount 1, a second like answers "已点赞"', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    expect(await legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)).toEqual(success(null));
    expect(await legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)).toEqual(refusal('已点赞'));
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 1 });
  });

  it('20 concurrent likes by one user count once', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () => legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)),
    );
    expect(bodies.filter((body) => body.success)).toHaveLength(1);
    expect(bodies.filter((body) => body.message === '已点赞')).toHaveLength(19);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 1 });
    expect(await UserLike.countDocuments({ entityType: 'topic', entityId: topic._id })).toBe(1);
  });

  it('10 users liking at once give likeCount 10', async () => {
    const author = await buildUser();
    const topic = await buildTopic({ userId: author._id });
    const users = await Promise.all(Array.from({ length: 10 }, () => signedIn(buildUser())));
    await Promise.all(users.map(({ token }) => legacyPost(t, `/api/topic/like/${topic._id}`, {}, token)));
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 10 });
  });

  it('answers "话题不存在" for a missing or deleted topic, 1 for a visitor, 1001 for a muted user', async () => {
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const { token: mutedToken } = await signedIn(buildMutedUser());
    const topic = await buildTopic({ userId: author._id });
    const deleted = await buildTopic({ userId: author._id, status: 1 });
    expect(await legacyPost(t, '/api/topic/like/99999999', {}, token)).toEqual(refusal('话题不存在'));
    expect(await legacyPost(t, `/api/topic/like/${deleted._id}`, {}, token)).toEqual(refusal('话题不存在'));
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
    const author = await buildUser();
    const topic = await buildTopic({ userId: author._id });
    expect(await legacyGet(t, `/api/topic/recentlikes/${topic._id}`)).toEqual(success(null));
    const likers = [];
    for (let i = 0; i < 6; i++) {
      const liker = await signedIn(buildUser());
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
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const [a, b, c] = [
      await buildTopic({ userId: author._id }),
      await buildTopic({ userId: author._id }),
      await buildTopic({ userId: author._id }),
    ];
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
    const [author, { token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
    const comment = await buildComment({ author, entityId: topic._id });
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
    const { token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/like/unlike', { entityType: 'topic', entityId: 1 })).toEqual(
      coded(1, '请先登录'),
    );
    expect(await legacyPost(t, '/api/like/unlike', { entityType: 'project', entityId: 1 }, token)).toEqual(
      refusal('参数非法'),
    );
  });
});
