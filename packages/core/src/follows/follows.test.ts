import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initKv } from '../kv';
import { readUser } from '../read-model/users';
import { createRedis } from '../redis';
import { buildUser, contextFor, useTestServices } from '../testing';
import { User, type UserDoc } from '../users/model';
import { followUser, unfollowUser } from './follow';
import { UserFollow } from './model';
import { isFollowing, listFans, listFollows } from './queries';
import { recountFollows } from './recount';

const services = useTestServices();
const redis = createRedis(services.redisUrl);
beforeAll(() => initKv(redis, services.prefix));
afterAll(() => redis.quit());

/** Counts as pages read them: the sizes of the user's lists in the read model. */
async function counts(userId: number) {
  const user = await readUser(userId);
  return { followCount: user!.followCount, fansCount: user!.fansCount };
}

async function statusOf(userId: number, otherId: number) {
  return (await UserFollow.findOne({ userId, otherId }).lean())?.status;
}

describe('following', () => {
  it('a follow records one row and raises the follower and followee counters', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    expect(await followUser(contextFor(a), b._id)).toBe(true);
    expect(await isFollowing(a._id, b._id)).toBe(true);
    expect(await isFollowing(b._id, a._id)).toBe(false);
    expect(await counts(a._id)).toEqual({ followCount: 1, fansCount: 0 });
    expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: 1 });
    expect(await statusOf(a._id, b._id)).toBe(1);
  });

  it('a second follow of the same person is a no-op', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    await followUser(contextFor(a), b._id);
    expect(await followUser(contextFor(a), b._id)).toBe(false);
    expect(await UserFollow.countDocuments({ userId: a._id, otherId: b._id })).toBe(1);
    expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: 1 });
  });

  it('following oneself is ignored', async () => {
    const a = await buildUser();
    expect(await followUser(contextFor(a), a._id)).toBe(false);
    expect(await UserFollow.countDocuments({ userId: a._id })).toBe(0);
    expect(await counts(a._id)).toEqual({ followCount: 0, fansCount: 0 });
  });

  it('following someone who does not exist is refused and changes nothing', async () => {
    const a = await buildUser();
    await expect(followUser(contextFor(a), 9_999_999)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: '用户不存在',
    });
    expect(await counts(a._id)).toEqual({ followCount: 0, fansCount: 0 });
  });

  it('following back makes both rows mutual; unfollowing sets the other row back to one-way', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    await followUser(contextFor(a), b._id);
    await followUser(contextFor(b), a._id);
    expect([await statusOf(a._id, b._id), await statusOf(b._id, a._id)]).toEqual([2, 2]);
    await unfollowUser(contextFor(b), a._id);
    expect(await statusOf(a._id, b._id)).toBe(1);
    expect(await statusOf(b._id, a._id)).toBeUndefined();
    expect(await counts(a._id)).toEqual({ followCount: 1, fansCount: 0 });
    expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: 1 });
  });

  it('unfollowing someone not followed is a no-op', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    expect(await unfollowUser(contextFor(a), b._id)).toBe(false);
    expect(await counts(a._id)).toEqual({ followCount: 0, fansCount: 0 });
    expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: 0 });
  });

  it('a drifted counter never goes below 0 on unfollow', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    await followUser(contextFor(a), b._id);
    await User.updateOne({ _id: b._id }, { $set: { fansCount: 0 } });
    await unfollowUser(contextFor(a), b._id);
    expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: 0 });
    expect(await counts(a._id)).toEqual({ followCount: 0, fansCount: 0 });
  });
});

describe('counters under concurrency', () => {
  it('20 concurrent follows of one pair record one row and count once', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    const results = await Promise.all(Array.from({ length: 20 }, () => followUser(contextFor(a), b._id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await UserFollow.countDocuments({ userId: a._id, otherId: b._id })).toBe(1);
    expect(await counts(a._id)).toEqual({ followCount: 1, fansCount: 0 });
    expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: 1 });
  });

  it('20 concurrent unfollows of one pair count once', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    await followUser(contextFor(a), b._id);
    const results = await Promise.all(Array.from({ length: 20 }, () => unfollowUser(contextFor(a), b._id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await counts(a._id)).toEqual({ followCount: 0, fansCount: 0 });
    expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: 0 });
  });

  it('interleaved follows and unfollows of one pair leave the counters equal to the rows', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    // Staggered starts, so that calls meet each other between their row and counter writes.
    const later = (ms: number, call: () => Promise<boolean>) =>
      new Promise<boolean>((resolve, reject) =>
        setTimeout(() => {
          call().then(resolve, reject);
        }, ms),
      );
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          later(i % 8, () => (i % 2 ? unfollowUser(contextFor(a), b._id) : followUser(contextFor(a), b._id))),
        ),
      );
      const rows = await UserFollow.countDocuments({ userId: a._id, otherId: b._id });
      expect(await counts(a._id)).toEqual({ followCount: rows, fansCount: 0 });
      expect(await counts(b._id)).toEqual({ followCount: 0, fansCount: rows });
    }
  });

  it('many followers at once are each counted', async () => {
    const star = await buildUser();
    const fans = await Promise.all(Array.from({ length: 25 }, () => buildUser()));
    await Promise.all(fans.map((fan) => followUser(contextFor(fan), star._id)));
    expect(await counts(star._id)).toEqual({ followCount: 0, fansCount: 25 });
    await Promise.all([
      ...fans.slice(0, 10).map((fan) => unfollowUser(contextFor(fan), star._id)),
      ...fans.slice(0, 10).map((fan) => unfollowUser(contextFor(fan), star._id)),
    ]);
    expect(await counts(star._id)).toEqual({ followCount: 0, fansCount: 15 });
    for (const fan of fans) expect((await counts(fan._id)).followCount).toBe(fans.indexOf(fan) < 10 ? 0 : 1);
  });

  it('crossing follows of the same pair end mutual', async () => {
    const [a, b] = [await buildUser(), await buildUser()];
    await Promise.all([followUser(contextFor(a), b._id), followUser(contextFor(b), a._id)]);
    expect([await statusOf(a._id, b._id), await statusOf(b._id, a._id)]).toEqual([2, 2]);
  });
});

describe('recountFollows', () => {
  it('recomputes both counters and the mutual status from the rows', async () => {
    const [a, b, c] = [await buildUser(), await buildUser(), await buildUser()];
    await followUser(contextFor(a), b._id);
    await followUser(contextFor(b), a._id);
    await followUser(contextFor(c), a._id);
    await User.updateOne({ _id: a._id }, { $set: { followCount: 7, fansCount: -3 } });
    await UserFollow.updateMany({ otherId: a._id }, { $set: { status: 1 } });
    expect(await recountFollows(a._id)).toEqual({ followCount: 1, fansCount: 2 });
    expect(await counts(a._id)).toEqual({ followCount: 1, fansCount: 2 });
    expect(await statusOf(b._id, a._id)).toBe(2);
    expect(await statusOf(a._id, b._id)).toBe(2);
    expect(await statusOf(c._id, a._id)).toBe(1);
  });
});

describe('fans and follows pages', () => {
  it('list newest follow first, 10 a page, with the last row id as cursor', async () => {
    const star = await buildUser();
    const fans: UserDoc[] = [];
    for (let i = 0; i < 12; i++) {
      const fan = await buildUser();
      await followUser(contextFor(fan), star._id);
      fans.push(fan);
    }
    const first = await listFans({ userId: star._id });
    expect(first.entries.map((entry) => entry.userId)).toEqual(
      fans
        .slice(2)
        .reverse()
        .map((fan) => fan._id),
    );
    expect(first.hasMore).toBe(true);
    const lastRow = await UserFollow.findOne({ userId: fans[2]!._id, otherId: star._id }).lean();
    expect(first.cursor).toBe(lastRow!._id);
    const second = await listFans({ userId: star._id, cursor: first.cursor });
    expect(second.entries.map((entry) => entry.userId)).toEqual([fans[1]!._id, fans[0]!._id]);
    expect(second.hasMore).toBe(false);
    const empty = await listFans({ userId: star._id, cursor: second.cursor });
    expect(empty).toEqual({ entries: [], cursor: second.cursor, hasMore: false });
  });

  it('mark the people the viewer follows, and everyone in the viewer’s own follows list', async () => {
    const [viewer, owner, x, y] = [
      await buildUser(),
      await buildUser(),
      await buildUser(),
      await buildUser(),
    ];
    await followUser(contextFor(owner), x._id);
    await followUser(contextFor(owner), y._id);
    await followUser(contextFor(viewer), y._id);
    const seen = await listFollows({ userId: owner._id, viewerId: viewer._id });
    expect(seen.entries.map((entry) => [entry.userId, entry.followed])).toEqual([
      [y._id, true],
      [x._id, false],
    ]);
    const own = await listFollows({ userId: owner._id, viewerId: owner._id });
    expect(own.entries.every((entry) => entry.followed)).toBe(true);
    const anonymous = await listFollows({ userId: owner._id });
    expect(anonymous.entries.some((entry) => entry.followed)).toBe(false);
    expect(anonymous.entries[0]!.user?.nickname).toBe(y.nickname);
    expect(anonymous.entries[0]!.user).not.toHaveProperty('passwordHash');
  });
});
