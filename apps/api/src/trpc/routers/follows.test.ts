import { describe, expect, it } from 'vitest';
import { UserFollow, readUser } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();

describe('follows procedures', () => {
  it('follows.follow needs a signed-in user', async () => {
    const user = await buildUser();
    const { status, body } = await trpcMutation(t, 'follows.follow', { userId: user._id });
    expect(status).toBe(401);
    expect(body.error?.data.appError).toEqual({ code: 'NOT_SIGNED_IN', message: '请先登录' });
    expect(await UserFollow.countDocuments({ otherId: user._id })).toBe(0);
  });

  it('follow, isFollowed, unfollow round trip with counters', async () => {
    const [{ user: me, token }, other] = [await signedIn(buildUser()), await buildUser()];
    const followed = await trpcMutation(t, 'follows.follow', { userId: other._id }, token);
    expect(followed.body.result?.data).toEqual({ followed: true });
    expect((await trpcQuery(t, 'follows.isFollowed', { userId: other._id }, token)).body.result?.data).toBe(
      true,
    );
    expect((await trpcQuery(t, 'follows.isFollowed', { userId: other._id })).body.result?.data).toBe(false);
    expect((await readUser(other._id))?.fansCount).toBe(1);
    const unfollowed = await trpcMutation(t, 'follows.unfollow', { userId: other._id }, token);
    expect(unfollowed.body.result?.data).toEqual({ followed: false });
    expect((await readUser(other._id))?.fansCount).toBe(0);
    expect((await readUser(me._id))?.followCount).toBe(0);
  });

  it('a non-positive or non-integer userId is a bad request', async () => {
    const { token } = await signedIn(buildUser());
    for (const userId of [0, -1, 1.5, 'abc']) {
      const { status, body } = await trpcMutation(t, 'follows.follow', { userId }, token);
      expect(status).toBe(400);
      expect(body.error?.data.appError).toMatchObject({ code: 'INVALID_INPUT' });
    }
  });

  it('follows.fans and follows.follows page with a string cursor and [] when empty', async () => {
    const [{ user: star }, { user: a, token }, { user: b }] = [
      await signedIn(buildUser()),
      await signedIn(buildUser()),
      await signedIn(buildUser()),
    ];
    await trpcMutation(t, 'follows.follow', { userId: star._id }, token);
    await trpcMutation(t, 'follows.follow', { userId: b._id }, token);
    const fans = await trpcQuery(t, 'follows.fans', { userId: star._id }, token);
    const page = fans.body.result?.data as { results: any[]; cursor: string; hasMore: boolean };
    expect(page.results).toEqual([
      {
        id: a._id,
        nickname: a.nickname,
        avatar: '',
        description: '这家伙很懒，什么都没留下',
        topicCount: 0,
        commentCount: 0,
        fansCount: 0,
        followCount: 2,
        score: 0,
        createTime: a.createTime,
        followed: false,
      },
    ]);
    expect(page.hasMore).toBe(false);
    expect(page.cursor).toMatch(/^\d+$/);
    const follows = await trpcQuery(t, 'follows.follows', { userId: a._id }, token);
    expect((follows.body.result?.data as any).results.map((item: any) => [item.id, item.followed])).toEqual([
      [b._id, true],
      [star._id, true],
    ]);
    const empty = await trpcQuery(t, 'follows.fans', { userId: star._id, cursor: page.cursor });
    expect(empty.body.result?.data).toEqual({ results: [], cursor: page.cursor, hasMore: false });
  });
});
