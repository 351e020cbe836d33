import { describe, expect, it } from 'vitest';
import { User, UserFollow, followUser, readUser, reprojectUser } from '@forum/core';
import { buildMutedUser, buildUser, contextFor, signedIn } from '@forum/core/testing';
import { legacyGet, legacyPost, refusal, success } from '../test/client';
import { useTestApi } from '../test/harness';

const t = useTestApi();

/** Counts as pages read them: the sizes of the user's lists in the read model. */
async function countsOf(id: number) {
  const user = await readUser(id);
  return [user!.followCount, user!.fansCount];
}

describe('POST /api/fans/follow and /api/fans/unfollow', () => {
  it('asks a visitor to sign in (errorCode 1) and follows nobody', async () => {
    const other = await buildUser();
    for (const path of ['/api/fans/follow', '/api/fans/unfollow']) {
      expect(await legacyPost(t, path, { userId: other._id })).toEqual({
        errorCode: 1,
        message: '请先登录',
        data: null,
        success: false,
      });
    }
    expect(await UserFollow.countDocuments({ otherId: other._id })).toBe(0);
  });

  it('follows, answering success with null data, and raises both counters', async () => {
    const [{ user: me, token }, other] = [await signedIn(buildUser()), await buildUser()];
    expect(await legacyPost(t, '/api/fans/follow', { userId: other._id }, token)).toEqual(success(null));
    expect(await countsOf(me._id)).toEqual([1, 0]);
    expect(await countsOf(other._id)).toEqual([0, 1]);
  });

  it('a repeat follow and a self-follow are silent no-ops', async () => {
    const [{ user: me, token }, other] = [await signedIn(buildUser()), await buildUser()];
    await legacyPost(t, '/api/fans/follow', { userId: other._id }, token);
    expect(await legacyPost(t, '/api/fans/follow', { userId: other._id }, token)).toEqual(success(null));
    expect(await legacyPost(t, '/api/fans/follow', { userId: me._id }, token)).toEqual(success(null));
    expect(await countsOf(me._id)).toEqual([1, 0]);
    expect(await countsOf(other._id)).toEqual([0, 1]);
  });

  it('unfollows, and unfollowing again is a no-op', async () => {
    const [{ user: me, token }, other] = [await signedIn(buildUser()), await buildUser()];
    await legacyPost(t, '/api/fans/follow', { userId: other._id }, token);
    expect(await legacyPost(t, '/api/fans/unfollow', { userId: other._id }, token)).toEqual(success(null));
    expect(await legacyPost(t, '/api/fans/unfollow', { userId: other._id }, token)).toEqual(success(null));
    expect(await countsOf(me._id)).toEqual([0, 0]);
    expect(await countsOf(other._id)).toEqual([0, 0]);
  });

  it.each([['0'], ['-4'], ['abc'], [''], ['99999999999999999999']])(
    'userId %j answers "param: userId required" and changes nothing',
    async (userId) => {
      const { user: me, token } = await signedIn(buildUser());
      for (const path of ['/api/fans/follow', '/api/fans/unfollow']) {
        expect(await legacyPost(t, path, { userId }, token)).toEqual(refusal('param: userId required'));
      }
      expect(await countsOf(me._id)).toEqual([0, 0]);
    },
  );

  it('a missing userId answers the same', async () => {
    const { token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/fans/follow', {}, token)).toEqual(refusal('param: userId required'));
  });

  it('following an unknown user answers 用户不存在', async () => {
    const { user: me, token } = await signedIn(buildUser());
    expect(await legacyPost(t, '/api/fans/follow', { userId: 8_888_888 }, token)).toEqual(
      refusal('用户不存在'),
    );
    expect(await countsOf(me._id)).toEqual([0, 0]);
  });

  it('a muted user may still follow (docs/legacy-api.md §4.10)', async () => {
    const [{ token }, other] = [await signedIn(buildMutedUser()), await buildUser()];
    expect(await legacyPost(t, '/api/fans/follow', { userId: other._id }, token)).toEqual(success(null));
  });
});

describe('GET /api/fans/isfollowed', () => {
  it('is a bare bool: true when following, false otherwise and for visitors', async () => {
    const [{ user: me, token }, other] = [await signedIn(buildUser()), await buildUser()];
    expect(await legacyGet(t, '/api/fans/isfollowed', { userId: other._id }, token)).toEqual(success(false));
    await followUser(contextFor(me), other._id);
    expect(await legacyGet(t, '/api/fans/isfollowed', { userId: other._id }, token)).toEqual(success(true));
    expect(await legacyGet(t, '/api/fans/isfollowed', { userId: other._id })).toEqual(success(false));
    expect(await legacyGet(t, '/api/fans/isfollowed', { userId: 'x' }, token)).toEqual(success(false));
  });
});

describe('GET /api/fans/fans and /api/fans/follows', () => {
  it('pages fans 10 at a time, newest first, with UserInfo items and a string cursor', async () => {
    const star = await buildUser({ description: '语音识别研究者' });
    const fans = [];
    for (let i = 0; i < 11; i++) {
      const user = await buildUser();
      await followUser(contextFor(user), star._id);
      fans.push(user);
    }
    const first = await legacyGet(t, '/api/fans/fans', { userId: star._id });
    const page = first.data as { results: any[]; cursor: string; hasMore: boolean };
    expect(Object.keys(first)).toEqual(['errorCode', 'message', 'data', 'success']);
    expect(Object.keys(page)).toEqual(['results', 'cursor', 'hasMore']);
    expect(page.results.map((item) => item.id)).toEqual(
      fans
        .slice(1)
        .reverse()
        .map((fan) => fan._id),
    );
    expect(page.hasMore).toBe(true);
    const lastRow = await UserFollow.findOne({ userId: fans[1]!._id, otherId: star._id }).lean();
    expect(page.cursor).toBe(String(lastRow!._id));
    const newest = fans[10]!;
    expect(page.results[0]).toEqual({
      id: newest._id,
      nickname: newest.nickname,
      avatar: '',
      smallAvatar: '',
      topicCount: 0,
      commentCount: 0,
      fansCount: 0,
      followCount: 1,
      score: 0,
      description: '这家伙很懒，什么都没留下',
      createTime: newest.createTime,
      followed: false,
      level: 1,
      levelTitle: '新手',
    });

    const second = await legacyGet(t, '/api/fans/fans', { userId: star._id, cursor: page.cursor });
    expect(second).toEqual(
      success({
        results: [expect.objectContaining({ id: fans[0]!._id })],
        cursor: String((await UserFollow.findOne({ userId: fans[0]!._id }).lean())!._id),
        hasMore: false,
      }),
    );
    const empty = await legacyGet(t, '/api/fans/fans', {
      userId: star._id,
      cursor: (second.data as { cursor: string }).cursor,
    });
    expect(empty).toEqual(
      success({ results: null, cursor: (second.data as { cursor: string }).cursor, hasMore: false }),
    );
  });

  it('an empty list is null with cursor "0"', async () => {
    const user = await buildUser();
    for (const path of [
      '/api/fans/fans',
      '/api/fans/follows',
      '/api/fans/recent/fans',
      '/api/fans/recent/follow',
    ]) {
      expect(await legacyGet(t, path, { userId: user._id })).toEqual(
        success({ results: null, cursor: '0', hasMore: false }),
      );
    }
  });

  it('marks whom the viewer follows; in one’s own follows list everyone is followed', async () => {
    const [{ user: viewer, token: viewerToken }, { user: owner, token: ownerToken }] = [
      await signedIn(buildUser()),
      await signedIn(buildUser()),
    ];
    const [x, y] = [await buildUser(), await buildUser()];
    await followUser(contextFor(owner), x._id);
    await followUser(contextFor(owner), y._id);
    await followUser(contextFor(viewer), x._id);
    const seen = await legacyGet(t, '/api/fans/follows', { userId: owner._id }, viewerToken);
    expect((seen.data as any).results.map((item: any) => [item.id, item.followed])).toEqual([
      [y._id, false],
      [x._id, true],
    ]);
    const own = await legacyGet(t, '/api/fans/follows', { userId: owner._id }, ownerToken);
    expect((own.data as any).results.map((item: any) => item.followed)).toEqual([true, true]);
    const visitor = await legacyGet(t, '/api/fans/follows', { userId: owner._id });
    expect((visitor.data as any).results.map((item: any) => item.followed)).toEqual([false, false]);
  });

  it('a deleted account shows as the 匿名用户 placeholder; a blacklisted one as 黑名单用户', async () => {
    const [{ user: star }, { user: gone }, { user: banned }] = [
      await signedIn(buildUser()),
      await signedIn(buildUser()),
      await signedIn(buildUser()),
    ];
    await followUser(contextFor(gone), star._id);
    await followUser(contextFor(banned), star._id);
    await User.deleteOne({ _id: gone._id });
    await User.updateOne({ _id: banned._id }, { $set: { status: 1 } });
    await reprojectUser(gone._id);
    await reprojectUser(banned._id);
    const { data } = await legacyGet(t, '/api/fans/fans', { userId: star._id });
    expect((data as any).results.map((item: any) => [item.id, item.nickname, item.description])).toEqual([
      [banned._id, '黑名单用户', ''],
      [gone._id, `匿名用户${gone._id}`, '这家伙很懒，什么都没留下'],
    ]);
  });

  it('recent/fans and recent/follow answer the first page', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    await followUser(contextFor(a), b._id);
    const fans = await legacyGet(t, '/api/fans/recent/fans', { userId: b._id, cursor: 1 });
    expect(fans).toEqual(await legacyGet(t, '/api/fans/fans', { userId: b._id }));
    expect((fans.data as any).results.map((item: any) => item.id)).toEqual([a._id]);
    const follow = await legacyGet(t, '/api/fans/recent/follow', { userId: a._id });
    expect((follow.data as any).results.map((item: any) => item.id)).toEqual([b._id]);
  });
});
