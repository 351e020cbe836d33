import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeComment, makeTopic, commentOf, topicCounters } from '../../test/comments-helpers';
import { trpcMutation, trpcQuery } from '../../test/follows-helpers';
import { makeUser, startTestApi, type TestApi } from '../../test/harness';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

describe('likes procedures', () => {
  it('like, recent, likedAmong and unlike round trip with the counter', async () => {
    const [{ user: author }, { user: me, token }] = [await makeUser(), await makeUser()];
    const topic = await makeTopic(author);
    const target = { entityType: 'topic', entityId: topic._id };
    expect((await trpcMutation(t, 'likes.like', target, token)).body.result?.data).toEqual({ liked: true });
    const again = await trpcMutation(t, 'likes.like', target, token);
    expect(again.body.error?.data.appError).toEqual({ code: 'CONFLICT', message: '已点赞' });
    expect((await trpcQuery(t, 'likes.recent', target)).body.result?.data).toEqual([
      { id: me._id, nickname: me.nickname, avatar: '' },
    ]);
    const among = await trpcQuery(
      t,
      'likes.likedAmong',
      { entityType: 'topic', entityIds: [topic._id, 999] },
      token,
    );
    expect(among.body.result?.data).toEqual([topic._id]);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 1 });
    expect((await trpcMutation(t, 'likes.unlike', target, token)).body.result?.data).toEqual({
      liked: false,
    });
    expect((await trpcMutation(t, 'likes.unlike', target, token)).body.result?.data).toEqual({
      liked: false,
    });
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 0 });
  });

  it('10 users liking a comment at once give likeCount 10', async () => {
    const { user: author } = await makeUser();
    const topic = await makeTopic(author);
    const comment = await makeComment(author, 'topic', topic._id);
    const users = await Promise.all(Array.from({ length: 10 }, () => makeUser()));
    await Promise.all(
      users.map(({ token }) =>
        trpcMutation(t, 'likes.like', { entityType: 'comment', entityId: comment._id }, token),
      ),
    );
    expect((await commentOf(comment._id)).likeCount).toBe(10);
  });

  it('refuses visitors, muted users and unknown entity types', async () => {
    const { user: author, token } = await makeUser();
    const { token: mutedToken } = await makeUser({ forbiddenEndTime: -1 });
    const topic = await makeTopic(author);
    const target = { entityType: 'topic', entityId: topic._id };
    expect((await trpcMutation(t, 'likes.like', target)).status).toBe(401);
    const muted = await trpcMutation(t, 'likes.like', target, mutedToken);
    expect(muted.body.error?.data.appError).toEqual({ code: 'USER_MUTED', message: '已被禁言' });
    const unknown = await trpcMutation(t, 'likes.like', { entityType: 'project', entityId: 1 }, token);
    expect(unknown.status).toBe(400);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 0 });
  });
});
