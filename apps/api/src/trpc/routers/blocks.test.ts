/** Blocking (屏蔽) over tRPC (docs/moderation.md), on the real database and Redis. */
import { describe, expect, it } from 'vitest';
import { Block } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { useTestApi } from '../../test/harness';

const t = useTestApi();
const data = (result: { body: any }) => result.body.result?.data;
const appError = (result: { body: any }) => result.body.error?.data.appError;

describe('blocks', () => {
  it('a member blocks and unblocks another; the row is keyed by both, the list reads the read model', async () => {
    const [{ user, token }, other] = [await signedIn(buildUser()), await buildUser({ nickname: '吵闹的人' })];
    expect(data(await trpcMutation(t, 'blocks.block', { userId: other._id }, token))).toEqual({
      blocked: true,
    });
    // Twice is once.
    expect(data(await trpcMutation(t, 'blocks.block', { userId: other._id }, token))).toEqual({
      blocked: true,
    });
    expect(await Block.findById(`${user._id}:${other._id}`).lean()).toMatchObject({
      blockerId: user._id,
      blockedId: other._id,
    });
    expect(data(await trpcQuery(t, 'blocks.list', undefined, token))).toMatchObject([
      { id: other._id, nickname: '吵闹的人' },
    ]);
    expect(data(await trpcMutation(t, 'blocks.unblock', { userId: other._id }, token))).toEqual({
      blocked: false,
    });
    expect(await Block.countDocuments({ blockerId: user._id })).toBe(0);
    expect(data(await trpcQuery(t, 'blocks.list', undefined, token))).toEqual([]);
  });

  it('refuses visitors, oneself and unknown members', async () => {
    const { user, token } = await signedIn(buildUser());
    expect((await trpcMutation(t, 'blocks.block', { userId: user._id })).status).toBe(401);
    expect((await trpcQuery(t, 'blocks.list')).status).toBe(401);
    expect(appError(await trpcMutation(t, 'blocks.block', { userId: user._id }, token))).toEqual({
      code: 'INVALID_INPUT',
      message: '不能屏蔽自己',
    });
    expect((await trpcMutation(t, 'blocks.block', { userId: 99_999_999 }, token)).status).toBe(404);
  });

  it('the blocked member cannot follow the blocker, and their follow is undone; others still can', async () => {
    const [blocker, blocked, other] = [
      await signedIn(buildUser()),
      await signedIn(buildUser()),
      await signedIn(buildUser()),
    ];
    await trpcMutation(t, 'follows.follow', { userId: blocker.user._id }, blocked.token);
    expect(data(await trpcQuery(t, 'follows.isFollowed', { userId: blocker.user._id }, blocked.token))).toBe(
      true,
    );
    await trpcMutation(t, 'blocks.block', { userId: blocked.user._id }, blocker.token);
    expect(data(await trpcQuery(t, 'follows.isFollowed', { userId: blocker.user._id }, blocked.token))).toBe(
      false,
    );
    const refused = await trpcMutation(t, 'follows.follow', { userId: blocker.user._id }, blocked.token);
    expect(refused.status).toBe(403);
    expect(appError(refused)).toEqual({ code: 'FORBIDDEN', message: '对方已将你屏蔽，无法关注' });
    // The blocker may still follow them, and anyone else may follow the blocker.
    expect(data(await trpcMutation(t, 'follows.follow', { userId: blocker.user._id }, other.token))).toEqual({
      followed: true,
    });
    await trpcMutation(t, 'blocks.unblock', { userId: blocked.user._id }, blocker.token);
    expect(
      data(await trpcMutation(t, 'follows.follow', { userId: blocker.user._id }, blocked.token)),
    ).toEqual({
      followed: true,
    });
  });
});
