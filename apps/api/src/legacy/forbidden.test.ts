import { describe, expect, it } from 'vitest';
import { OperateLog, User, assertCanPost, type UserDoc } from '@forum/core';
import { buildAdmin, buildUser, signedIn } from '@forum/core/testing';
import { legacyPost, refusal, success, trpcQuery } from '../test/client';
import { ownerToken, siteOwner, useTestApi } from '../test/harness';

const t = useTestApi();

const DAY_MS = 86_400_000;

async function stored(id: number): Promise<UserDoc> {
  return (await User.findById(id).lean<UserDoc>())!;
}

async function adminToken(): Promise<string> {
  return (await signedIn(buildAdmin())).token;
}

describe('POST /api/user/forbidden', () => {
  it('asks a visitor to sign in (errorCode 1)', async () => {
    const user = await buildUser();
    expect(await legacyPost(t, '/api/user/forbidden', { userId: user._id, days: 7 })).toEqual({
      errorCode: 1,
      message: '请先登录',
      data: null,
      success: false,
    });
  });

  it('answers 无权限 (a message error, code 0) to a plain user', async () => {
    const [{ token }, { user }] = [await signedIn(buildUser()), await signedIn(buildUser())];
    expect(await legacyPost(t, '/api/user/forbidden', { userId: user._id, days: 7 }, token)).toEqual(
      refusal('无权限'),
    );
    expect((await stored(user._id)).forbiddenEndTime).toBe(0);
  });

  it('an admin mutes for 7 days: the user is muted, posting answers 1001, and the log has a row', async () => {
    const { user, token: userToken } = await signedIn(buildUser());
    const admin = await signedIn(buildAdmin());
    const before = Date.now();
    const body = await legacyPost(
      t,
      '/api/user/forbidden',
      { userId: user._id, days: 7, reason: '发布广告' },
      admin.token,
    );
    expect(body).toEqual(success(null));
    const end = (await stored(user._id)).forbiddenEndTime;
    expect(end).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(end).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    await expect(assertCanPost(await stored(user._id))).rejects.toMatchObject({
      code: 'USER_MUTED',
      message: '已被禁言',
    });
    const status = await trpcQuery(t, 'mute.postStatus', undefined, userToken);
    expect(status.body.result?.data).toEqual({ canPost: false, code: 'USER_MUTED', message: '已被禁言' });
    const rows = await OperateLog.find({ dataType: 'user', dataId: user._id }).lean();
    expect(rows).toEqual([
      expect.objectContaining({
        userId: admin.user._id,
        opType: 'forbidden',
        dataType: 'user',
        dataId: user._id,
        description: '禁言原因：发布广告（禁言 7 天）',
        ip: expect.stringMatching(/127\.0\.0\.1/),
        userAgent: expect.any(String),
      }),
    ]);
  });

  it('a timed mute whose end has passed no longer blocks posting', async () => {
    const { user, token } = await signedIn(buildUser({ forbiddenEndTime: Date.now() - 1000 }));
    const status = await trpcQuery(t, 'mute.postStatus', undefined, token);
    expect(status.body.result?.data).toEqual({ canPost: true });
    await expect(assertCanPost(await stored(user._id))).resolves.toMatchObject({ _id: user._id });
  });

  it('days 0 lifts the mute and logs removeForbidden', async () => {
    const { user, token: userToken } = await signedIn(buildUser());
    const token = await adminToken();
    await legacyPost(t, '/api/user/forbidden', { userId: user._id, days: 7 }, token);
    expect(await legacyPost(t, '/api/user/forbidden', { userId: user._id, days: 0 }, token)).toEqual(
      success(null),
    );
    expect((await stored(user._id)).forbiddenEndTime).toBe(0);
    const status = await trpcQuery(t, 'mute.postStatus', undefined, userToken);
    expect(status.body.result?.data).toEqual({ canPost: true });
    const ops = await OperateLog.find({ dataId: user._id }).sort({ _id: 1 }).lean();
    expect(ops.map((row) => [row.opType, row.description])).toEqual([
      ['forbidden', '禁言 7 天'],
      ['removeForbidden', ''],
    ]);
  });

  it('the owner mutes for ever', async () => {
    const user = await buildUser();
    expect(
      await legacyPost(t, '/api/user/forbidden', { userId: user._id, days: -1 }, await ownerToken()),
    ).toEqual(success(null));
    expect((await stored(user._id)).forbiddenEndTime).toBe(-1);
  });

  it('an admin asking for a permanent mute gets 无永久禁言权限 and nothing changes', async () => {
    const user = await buildUser();
    expect(
      await legacyPost(t, '/api/user/forbidden', { userId: user._id, days: -1 }, await adminToken()),
    ).toEqual(refusal('无永久禁言权限'));
    expect((await stored(user._id)).forbiddenEndTime).toBe(0);
    expect(await OperateLog.countDocuments({ dataId: user._id })).toBe(0);
  });

  it('an admin cannot mute the owner or another admin', async () => {
    const owner = await siteOwner();
    const otherAdmin = await buildAdmin();
    const token = await adminToken();
    for (const target of [owner, otherAdmin]) {
      expect(await legacyPost(t, '/api/user/forbidden', { userId: target._id, days: 7 }, token)).toEqual(
        refusal('无权限'),
      );
      expect((await stored(target._id)).forbiddenEndTime).toBe(0);
    }
  });

  it('an unknown user answers 用户不存在', async () => {
    expect(
      await legacyPost(t, '/api/user/forbidden', { userId: 7_777_777, days: 7 }, await adminToken()),
    ).toEqual(refusal('用户不存在'));
  });

  it.each([
    ['a non-numeric userId', { userId: 'abc', days: '7' }, '请传入：userId'],
    ['userId 0', { userId: '0', days: '7' }, '请传入：userId'],
    ['a negative userId', { userId: '-5', days: '7' }, '请传入：userId'],
    ['a missing userId', { days: '7' }, '请传入：userId'],
    ['missing days', { userId: 'TARGET' }, '请传入：days'],
    ['non-numeric days', { userId: 'TARGET', days: 'seven' }, '禁言时间错误'],
    ['days -2', { userId: 'TARGET', days: '-2' }, '禁言时间错误'],
    ['huge days', { userId: 'TARGET', days: '100000000000' }, '禁言时间不能超过3650天'],
    [
      'a too long reason',
      { userId: 'TARGET', days: '7', reason: '长'.repeat(501) },
      '禁言原因不能超过500个字符',
    ],
  ])('%s answers a clear message and changes nothing', async (_name, values, text) => {
    const user = await buildUser({ forbiddenEndTime: Date.now() + DAY_MS });
    const before = (await stored(user._id)).forbiddenEndTime;
    const body = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, value === 'TARGET' ? String(user._id) : value]),
    );
    expect(await legacyPost(t, '/api/user/forbidden', body, await adminToken())).toEqual(refusal(text));
    expect((await stored(user._id)).forbiddenEndTime).toBe(before);
    expect(await OperateLog.countDocuments({ dataId: user._id })).toBe(0);
  });
});
