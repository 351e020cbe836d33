import { describe, expect, it } from 'vitest';
import { OperateLog, User } from '@forum/core';
import { buildAdmin, buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../../test/client';
import { ownerToken, useTestApi } from '../../test/harness';

const t = useTestApi();

describe('mute procedures', () => {
  it('mute.set refuses visitors and plain users', async () => {
    const [target, { token }] = [await buildUser(), await signedIn(buildUser())];
    const visitor = await trpcMutation(t, 'mute.set', { userId: target._id, days: 7 });
    expect(visitor.status).toBe(401);
    const user = await trpcMutation(t, 'mute.set', { userId: target._id, days: 7 }, token);
    expect(user.status).toBe(403);
    expect(user.body.error?.data.appError).toEqual({ code: 'FORBIDDEN', message: '无权限' });
  });

  it('an admin mutes for 7 days and lifts it; the log records both', async () => {
    const [{ user: target, token: targetToken }, { user: admin, token }] = [
      await signedIn(buildUser()),
      await signedIn(buildAdmin()),
    ];
    const muted = await trpcMutation(t, 'mute.set', { userId: target._id, days: 7, reason: '刷屏' }, token);
    expect(muted.body.result?.data).toMatchObject({ userId: target._id, forbidden: true, changed: true });
    expect((await trpcQuery(t, 'mute.postStatus', undefined, targetToken)).body.result?.data).toEqual({
      canPost: false,
      code: 'USER_MUTED',
      message: '已被禁言',
    });
    expect((await trpcQuery(t, 'users.current', undefined, targetToken)).body.result?.data).toMatchObject({
      forbidden: true,
    });
    const lifted = await trpcMutation(t, 'mute.set', { userId: target._id, days: 0 }, token);
    expect(lifted.body.result?.data).toEqual({
      userId: target._id,
      forbidden: false,
      forbiddenEndTime: 0,
      changed: true,
    });
    const ops = await OperateLog.find({ dataId: target._id }).sort({ _id: 1 }).lean();
    expect(ops.map((row) => [row.userId, row.opType, row.description])).toEqual([
      [admin._id, 'forbidden', '禁言原因：刷屏（禁言 7 天）'],
      [admin._id, 'removeForbidden', ''],
    ]);
  });

  it('a permanent mute is the owner’s alone', async () => {
    const [target, { token }] = [await buildUser(), await signedIn(buildAdmin())];
    const byAdmin = await trpcMutation(t, 'mute.set', { userId: target._id, days: -1 }, token);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error?.data.appError).toEqual({ code: 'FORBIDDEN', message: '无永久禁言权限' });
    const byOwner = await trpcMutation(t, 'mute.set', { userId: target._id, days: -1 }, await ownerToken());
    expect(byOwner.body.result?.data).toMatchObject({ forbidden: true, forbiddenEndTime: -1 });
  });

  it('tells the caller what they may do: on a profile, mute; as themself, the console', async () => {
    const [{ user: target }, { user: other, token: otherAdmin }, { token: admin }, { token: user }] = [
      await signedIn(buildUser()),
      await signedIn(buildAdmin()),
      await signedIn(buildAdmin()),
      await signedIn(buildUser()),
    ];
    const profileCan = async (id: number, token?: string) =>
      ((await trpcQuery(t, 'users.profile', { id }, token)).body.result?.data as { can: unknown }).can;
    expect(await profileCan(target._id)).toEqual({ mute: false, unmute: false });
    expect(await profileCan(target._id, user)).toEqual({ mute: false, unmute: false });
    expect(await profileCan(target._id, admin)).toEqual({ mute: true, unmute: true });
    expect(await profileCan(other._id, admin)).toEqual({ mute: false, unmute: false });
    expect(await profileCan(other._id, await ownerToken())).toEqual({ mute: true, unmute: true });

    const siteCan = async (token: string) =>
      ((await trpcQuery(t, 'users.current', undefined, token)).body.result?.data as { can: unknown }).can;
    expect(await siteCan(user)).toEqual({ enterAdmin: false, administer: false, muteForever: false });
    expect(await siteCan(otherAdmin)).toEqual({ enterAdmin: true, administer: false, muteForever: false });
    expect(await siteCan(await ownerToken())).toEqual({
      enterAdmin: true,
      administer: true,
      muteForever: true,
    });
  });

  it('bad input is a 400 naming the problem, and nothing changes', async () => {
    const [target, { token }] = [await buildUser(), await signedIn(buildAdmin())];
    for (const input of [
      { userId: target._id, days: 100_000 },
      { userId: target._id, days: -2 },
      { userId: 'x', days: 7 },
      { userId: target._id },
    ]) {
      const { status, body } = await trpcMutation(t, 'mute.set', input, token);
      expect(status).toBe(400);
      expect(body.error?.data.appError).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect((await User.findById(target._id).lean())?.forbiddenEndTime).toBe(0);
  });

  it('mute.postStatus tells a visitor to sign in', async () => {
    expect((await trpcQuery(t, 'mute.postStatus')).body.result?.data).toEqual({
      canPost: false,
      code: 'NOT_SIGNED_IN',
      message: '请先登录',
    });
  });
});
