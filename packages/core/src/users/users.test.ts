import { describe, expect, it } from 'vitest';
import { useTestServices } from '../testing';
import mongoose from 'mongoose';
import { nextId, raiseIdSequences } from '../db/counters';
import { kv, kvKey } from '../kv';
import { User, UserToken } from './model';
import { ensureOwner } from './owner';
import { verifyPassword } from './passwords';
import { isOwnerOrAdmin } from '../policies/roles';
import { isMuted } from './roles';
import { issueToken, revokeToken, userFromToken } from './tokens';

useTestServices({ eventBus: true });

describe('integer ids', () => {
  it('concurrent allocations never repeat', async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, () => nextId('probe')));
    expect(new Set(ids).size).toBe(50);
    expect(Math.min(...ids)).toBe(1);
    expect(Math.max(...ids)).toBe(50);
  });

  it('after Redis lost a sequence, go on past the largest id the collection holds, concurrent callers too', async () => {
    const now = Date.now();
    await User.create({
      _id: 9000,
      username: 'imported',
      usernameLower: 'imported',
      nickname: '导入',
      createTime: now,
      updateTime: now,
    });
    await kv().del(kvKey('ids', 'user'));
    const ids = await Promise.all(Array.from({ length: 20 }, () => nextId('user')));
    expect(new Set(ids).size).toBe(20);
    expect(Math.min(...ids)).toBe(9001);

    await mongoose.connection.db!.collection('topics').insertOne({ _id: 700 as never, title: '导入的话题' });
    await kv().del(kvKey('ids', 'topic'));
    await raiseIdSequences();
    expect(await kv().get(kvKey('ids', 'topic'))).toBe('700');
    expect(await kv().get(kvKey('ids', 'user'))).toBe('9020');
  });
});

describe('owner bootstrap', () => {
  it('creates the owner once with a generated argon2id-hashed password, then does nothing', async () => {
    const first = await ensureOwner('boss');
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[\w-]{12}$/);
    const owner = await User.findById(first.userId).lean();
    expect(owner?.roles).toEqual(['owner']);
    expect(owner?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(owner!.passwordHash!, first.generatedPassword!)).toBe(true);
    expect(await verifyPassword(owner!.passwordHash!, 'wrong')).toBe(false);

    const second = await ensureOwner('boss', 'another-password');
    expect(second).toEqual({ userId: first.userId, created: false });
    expect(await User.countDocuments({ roles: 'owner' })).toBe(1);
  });
});

describe('tokens', () => {
  it('are stored hashed, resolve their user, and stop working when revoked', async () => {
    const owner = await User.findOne({ roles: 'owner' }).lean();
    const { token } = await issueToken(owner!._id, 7);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await UserToken.countDocuments({ _id: token })).toBe(0);
    expect((await userFromToken(token))?._id).toBe(owner!._id);
    await revokeToken(token);
    expect(await userFromToken(token)).toBeNull();
  });

  it('an expired token or a disabled user signs nobody in', async () => {
    const owner = await User.findOne({ roles: 'owner' }).lean();
    // A token that lives 2 s (long enough to be used once on a busy machine): once past, neither
    // the session cache nor the database accepts it.
    const { token, expiresAt } = await issueToken(owner!._id, 2_000 / 86_400_000);
    expect(await userFromToken(token)).toMatchObject({ _id: owner!._id });
    while (Date.now() <= expiresAt + 5) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await userFromToken(token)).toBeNull();
    expect(await userFromToken('')).toBeNull();
    expect(await userFromToken('x'.repeat(1000))).toBeNull();
  });
});

describe('roles and mutes', () => {
  it.each([
    [{ roles: ['owner'] }, true],
    [{ roles: ['admin'] }, true],
    [{ roles: ['user'] }, false],
    [{ roles: [] }, false],
    [null, false],
  ])('isOwnerOrAdmin(%j) is %s', (user, expected) => {
    expect(isOwnerOrAdmin(user)).toBe(expected);
  });

  it('a timed mute ends by itself and -1 never ends', () => {
    const now = 1_000_000;
    expect(isMuted({ forbiddenEndTime: now + 1 }, now)).toBe(true);
    expect(isMuted({ forbiddenEndTime: now - 1 }, now)).toBe(false);
    expect(isMuted({ forbiddenEndTime: -1 }, now)).toBe(true);
    expect(isMuted({ forbiddenEndTime: 0 }, now)).toBe(false);
  });
});
