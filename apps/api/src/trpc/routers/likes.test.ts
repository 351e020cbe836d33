import { describe, expect, it } from 'vitest';
import {
  buildComment,
  buildMutedUser,
  buildTopic,
  buildUser,
  commentOf,
  signedIn,
  topicCounters,
} from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

describe('likes procedures', () => {
  it('like, recent, likedAmong and unlike round trip with the counter', async () => {
    const [author, { user: me, token }] = [await buildUser(), await signedIn(buildUser())];
    const topic = await buildTopic({ userId: author._id });
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
    const author = await buildUser();
    const topic = await buildTopic({ userId: author._id });
    const comment = await buildComment({ author, entityId: topic._id });
    const users = await Promise.all(Array.from({ length: 10 }, () => signedIn(buildUser())));
    await Promise.all(
      users.map(({ token }) =>
        trpcMutation(t, 'likes.like', { entityType: 'comment', entityId: comment._id }, token),
      ),
    );
    expect((await commentOf(comment._id)).likeCount).toBe(10);
  });

  it('refuses visitors, muted users and unknown entity types', async () => {
    const { user: author, token } = await signedIn(buildUser());
    const { token: mutedToken } = await signedIn(buildMutedUser());
    const topic = await buildTopic({ userId: author._id });
    const target = { entityType: 'topic', entityId: topic._id };
    expect((await trpcMutation(t, 'likes.like', target)).status).toBe(401);
    const muted = await trpcMutation(t, 'likes.like', target, mutedToken);
    expect(muted.body.error?.data.appError).toEqual({ code: 'USER_MUTED', message: '已被禁言' });
    const unknown = await trpcMutation(t, 'likes.like', { entityType: 'project', entityId: 1 }, token);
    expect(unknown.status).toBe(400);
    expect(await topicCounters(topic._id)).toEqual({ commentCount: 0, likeCount: 0 });
  });
});
