import { describe, expect, it } from 'vitest';
import { MuteInputSchema } from '@forum/contracts';
import { OperateLog } from '../audit/model';
import { systemContext } from '../request-context';
import { saveSiteConfig } from '../config/save-site-config';
import { buildAdmin, buildMutedUser, buildOwner, buildUser, contextFor, useTestServices } from '../testing';
import { User, type UserDoc } from '../users/model';
import { isMuted } from '../users/roles';
import { muteUser } from './mute-user';
import { assertCanPost, can, postStatus, type PolicyAction } from '../policies';

useTestServices({ eventBus: true });

const DAY_MS = 86_400_000;

// Old enough to be past any observation period unless a test says otherwise.
const yearOld = { createTime: Date.now() - 365 * DAY_MS };

const mute = (userId: number, days: number, reason = '') => MuteInputSchema.parse({ userId, days, reason });

describe('the moderation policy', () => {
  const owner = { _id: 1, roles: ['owner'] };
  const admin = { _id: 2, roles: ['admin'] };
  const otherAdmin = { _id: 3, roles: ['admin'] };
  const user = { _id: 4, roles: [] };
  const otherUser = { _id: 5, roles: [] };

  it.each<[string, typeof owner | null, PolicyAction, typeof owner | null, boolean]>([
    ['owner mutes a user', owner, 'mute', user, true],
    ['owner mutes an admin', owner, 'mute', admin, true],
    ['owner mutes a user for ever', owner, 'mutePermanently', user, true],
    ['owner unmutes an admin', owner, 'unmute', admin, true],
    ['owner mutes themself', owner, 'mute', owner, false],
    ['admin mutes a user', admin, 'mute', user, true],
    ['admin unmutes a user', admin, 'unmute', user, true],
    ['admin mutes a user for ever', admin, 'mutePermanently', user, false],
    ['admin mutes the owner', admin, 'mute', owner, false],
    ['admin mutes another admin', admin, 'mute', otherAdmin, false],
    ['admin unmutes another admin', admin, 'unmute', otherAdmin, false],
    ['admin mutes themself', admin, 'mute', admin, false],
    ['user mutes a user', user, 'mute', otherUser, false],
    ['user unmutes a user', user, 'unmute', otherUser, false],
    ['visitor mutes a user', null, 'mute', user, false],
    ['anyone mutes nobody', owner, 'mute', null, false],
    ['owner enters admin', owner, 'enterAdmin', null, true],
    ['admin enters admin', admin, 'enterAdmin', null, true],
    ['user enters admin', user, 'enterAdmin', null, false],
    ['visitor enters admin', null, 'enterAdmin', null, false],
  ])('%s: %s', (_name, actor, action, target, expected) => {
    expect(can(actor, action, target)).toBe(expected);
  });
});

describe('muteUser', () => {
  it('mutes for 7 days, writes the operation log, and the user can no longer post', async () => {
    const [admin, target] = [await buildAdmin(yearOld), await buildUser(yearOld)];
    const before = Date.now();
    const result = await muteUser(
      contextFor(admin, { ip: '10.0.0.1', userAgent: 'ua' }),
      mute(target._id, 7, '灌水'),
    );
    expect(result).toMatchObject({ userId: target._id, forbidden: true, changed: true });
    const stored = await User.findById(target._id).lean<UserDoc>();
    expect(stored!.forbiddenEndTime).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(stored!.forbiddenEndTime).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(await OperateLog.find({ dataId: target._id }).lean()).toMatchObject([
      {
        userId: admin._id,
        opType: 'forbidden',
        dataType: 'user',
        dataId: target._id,
        description: '禁言原因：灌水（禁言 7 天）',
        ip: '10.0.0.1',
        userAgent: 'ua',
      },
    ]);
    await expect(assertCanPost(stored)).rejects.toMatchObject({ code: 'USER_MUTED', message: '已被禁言' });
  });

  it('without a reason the log records how long', async () => {
    const [owner, target] = [await buildOwner(yearOld), await buildUser(yearOld)];
    await muteUser(contextFor(owner), mute(target._id, 3));
    expect((await OperateLog.findOne({ dataId: target._id }).lean())?.description).toBe('禁言 3 天');
  });

  it('the owner mutes for ever (-1)', async () => {
    const [owner, target] = [await buildOwner(yearOld), await buildUser(yearOld)];
    await muteUser(contextFor(owner), mute(target._id, -1, '广告'));
    const stored = await User.findById(target._id).lean<UserDoc>();
    expect(stored!.forbiddenEndTime).toBe(-1);
    expect(isMuted(stored, Date.now() + 100 * 365 * DAY_MS)).toBe(true);
  });

  it('an admin may not mute for ever, and nothing changes', async () => {
    const [admin, target] = [await buildAdmin(yearOld), await buildUser(yearOld)];
    await expect(muteUser(contextFor(admin), mute(target._id, -1))).rejects.toMatchObject({
      message: '无永久禁言权限',
    });
    expect((await User.findById(target._id).lean())?.forbiddenEndTime).toBe(0);
    expect(await OperateLog.countDocuments({ dataId: target._id })).toBe(0);
  });

  it('an admin may not mute the owner or another admin', async () => {
    const [admin, otherAdmin, owner] = [
      await buildAdmin(yearOld),
      await buildAdmin(yearOld),
      await buildOwner(yearOld),
    ];
    for (const target of [otherAdmin, owner]) {
      await expect(muteUser(contextFor(admin), mute(target._id, 7))).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: '无权限',
      });
      expect((await User.findById(target._id).lean())?.forbiddenEndTime).toBe(0);
    }
  });

  it('a plain user may not mute anyone', async () => {
    const [user, target] = [await buildUser(yearOld), await buildUser(yearOld)];
    await expect(muteUser(contextFor(user), mute(target._id, 7))).rejects.toMatchObject({
      message: '无权限',
    });
  });

  it('an unknown target is refused', async () => {
    const owner = await buildOwner(yearOld);
    await expect(muteUser(contextFor(owner), mute(9_999_999, 7))).rejects.toMatchObject({
      message: '用户不存在',
    });
  });

  it('days 0 lifts the mute and logs removeForbidden; lifting again is a no-op', async () => {
    const [admin, target] = [await buildAdmin(yearOld), await buildUser(yearOld)];
    await muteUser(contextFor(admin), mute(target._id, 7));
    const lifted = await muteUser(contextFor(admin), mute(target._id, 0));
    expect(lifted).toEqual({ userId: target._id, forbidden: false, forbiddenEndTime: 0, changed: true });
    const stored = await User.findById(target._id).lean<UserDoc>();
    expect(stored!.forbiddenEndTime).toBe(0);
    await expect(assertCanPost(stored)).resolves.toMatchObject({ _id: target._id });
    expect(await muteUser(contextFor(admin), mute(target._id, 0))).toMatchObject({ changed: false });
    const ops = await OperateLog.find({ dataId: target._id }).sort({ _id: 1 }).lean();
    expect(ops.map((row) => row.opType)).toEqual(['forbidden', 'removeForbidden']);
  });
});

describe('MuteInputSchema', () => {
  it.each([
    [{ userId: 0, days: 7 }, '请传入：userId'],
    [{ userId: -3, days: 7 }, '请传入：userId'],
    [{ days: 7 }, '请传入：userId'],
    [{ userId: 5 }, '请传入：days'],
    [{ userId: 5, days: Number.NaN }, '禁言时间错误'],
    [{ userId: 5, days: 1.5 }, '禁言时间错误'],
    [{ userId: 5, days: -2 }, '禁言时间错误'],
    [{ userId: 5, days: 100_000 }, '禁言时间不能超过3650天'],
    [{ userId: 5, days: 7, reason: '长'.repeat(501) }, '禁言原因不能超过500个字符'],
  ])('rejects %j with "%s"', (input, message) => {
    const parsed = MuteInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('trims the reason and drops NUL characters', () => {
    expect(MuteInputSchema.parse({ userId: 5, days: 7, reason: '  刷\u0000屏 ' })).toEqual({
      userId: 5,
      days: 7,
      reason: '刷屏',
    });
  });
});

describe('assertCanPost', () => {
  it('asks a visitor to sign in', async () => {
    await expect(assertCanPost(null)).rejects.toMatchObject({ code: 'NOT_SIGNED_IN', message: '请先登录' });
  });

  it('refuses a disabled account', async () => {
    const user = await buildUser({ ...yearOld, status: 1 });
    await expect(assertCanPost(user)).rejects.toMatchObject({ code: 'USER_DISABLED', message: '账号已禁用' });
  });

  it('a timed mute that has ended no longer blocks posting', async () => {
    const user = await buildUser({ ...yearOld, forbiddenEndTime: Date.now() - 1000 });
    await expect(assertCanPost(user)).resolves.toBe(user);
    expect(await postStatus(user)).toEqual({ canPost: true });
  });

  it('a permanent mute blocks posting', async () => {
    const user = await buildMutedUser(yearOld);
    expect(await postStatus(user)).toEqual({ canPost: false, code: 'USER_MUTED', message: '已被禁言' });
  });

  it('a new account inside the observation period is told how long it lasts', async () => {
    await saveSiteConfig(systemContext(), { userObserveSeconds: 3600 });
    try {
      const fresh = await buildUser({ createTime: Date.now() - 1000 });
      await expect(assertCanPost(fresh)).rejects.toMatchObject({
        code: 'OBSERVATION_PERIOD',
        message: '账号尚在观察期，观察期时长：3600秒，请稍后再试',
      });
      const old = await buildUser({ createTime: Date.now() - 3601 * 1000 });
      await expect(assertCanPost(old)).resolves.toBe(old);
    } finally {
      await saveSiteConfig(systemContext(), { userObserveSeconds: 0 });
    }
  });
});
