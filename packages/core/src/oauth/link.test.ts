import { describe, expect, it } from 'vitest';
import { useTestServices } from '../testing';
import { kv, kvKey } from '../kv';
import { User } from '../users/model';
import { findOrCreateThirdPartyUser } from './link';
import { ThirdAccount } from './model';
import { capExtraData, textOf, webUrlOf, type ThirdPartyProfile } from './profile';

useTestServices({ eventBus: true });

function profile(overrides: Partial<ThirdPartyProfile> = {}): ThirdPartyProfile {
  return {
    providerUserId: '42',
    nickname: '声学小王',
    avatar: 'https://avatars.example/42.png',
    homePage: '',
    description: '',
    email: '',
    raw: { id: 42 },
    ...overrides,
  };
}

describe('finding or creating the user of a third-party identity', () => {
  it('two simultaneous first sign-ins of one person create one account and one user', async () => {
    const users = await Promise.all(
      Array.from({ length: 5 }, () =>
        findOrCreateThirdPartyUser('github', profile({ providerUserId: 'race' })),
      ),
    );
    expect(new Set(users.map((user) => user._id)).size).toBe(1);
    expect(await ThirdAccount.countDocuments({ provider: 'github', providerUserId: 'race' })).toBe(1);
    expect(await User.countDocuments({ _id: users[0]!._id })).toBe(1);
  });

  it('never signs a newcomer in as the older user who holds the id the sequence hands out', async () => {
    // Another process wrote users past the sequence (an old demo, an import): the next id is theirs.
    const next = Number(await kv().get(kvKey('ids', 'user'))) + 1;
    const now = Date.now();
    await User.create({
      _id: next,
      username: 'older',
      usernameLower: 'older',
      nickname: '老用户',
      createTime: now - 1000,
      updateTime: now,
    });
    const user = await findOrCreateThirdPartyUser(
      'github',
      profile({ providerUserId: 'newcomer', nickname: '新来的' }),
    );
    expect(user._id).not.toBe(next);
    expect(user).toMatchObject({ nickname: '新来的', usernameLower: `#${user._id}` });
    expect(await ThirdAccount.findOne({ providerUserId: 'newcomer' }).lean()).toMatchObject({
      userId: user._id,
    });
    expect(await User.findById(next).lean()).toMatchObject({ username: 'older', nickname: '老用户' });
  });

  it('a new user has no username, an always-set unique usernameLower and records user.created', async () => {
    const user = await findOrCreateThirdPartyUser('osc', profile({ providerUserId: 'fresh' }));
    expect(user).toMatchObject({ username: '', usernameLower: `#${user._id}`, nickname: '声学小王' });
    // An insert keeps its events in its outbox, where their jobs read them.
    const outbox = (await User.findById(user._id).lean())?.outbox ?? [];
    expect(outbox.map((event) => event.type)).toEqual(['user.created']);
  });

  it('an account whose user is missing (a crash between the two writes) gets its user on the next sign-in', async () => {
    const first = await findOrCreateThirdPartyUser('qq', profile({ providerUserId: 'crash' }));
    await User.deleteOne({ _id: first._id });
    const again = await findOrCreateThirdPartyUser('qq', profile({ providerUserId: 'crash' }));
    expect(again._id).toBe(first._id);
  });

  it('a verified e-mail already used by another account is left off the new user', async () => {
    const owner = await findOrCreateThirdPartyUser(
      'oidc:a',
      profile({ providerUserId: 'x', email: 'same@lab.example' }),
    );
    const other = await findOrCreateThirdPartyUser(
      'oidc:b',
      profile({ providerUserId: 'y', email: 'same@lab.example' }),
    );
    expect(owner.email).toBe('same@lab.example');
    expect(other._id).not.toBe(owner._id);
    expect(other.email).toBe('');
  });

  it('a nameless profile gets a placeholder nickname and a long one is cut to 16 characters', async () => {
    const nameless = await findOrCreateThirdPartyUser(
      'qq',
      profile({ providerUserId: 'anon', nickname: '' }),
    );
    expect(nameless.nickname).toBe(`用户${nameless._id}`);
    const long = await findOrCreateThirdPartyUser(
      'qq',
      profile({ providerUserId: 'long', nickname: '长'.repeat(30) }),
    );
    expect(long.nickname).toBe('长'.repeat(16));
  });
});

describe('cleaning provider values', () => {
  it.each([
    ['https://a.example/x.png', 'https://a.example/x.png'],
    ['javascript:alert(1)', ''],
    ['not a url', ''],
    [42, ''],
  ])('the avatar %j is kept as %j', (value, expected) => {
    expect(webUrlOf(value)).toBe(expected);
  });

  it('names lose control characters (FerretDB refuses NUL) and ids may be numbers', () => {
    expect(textOf('小\u0000王\n')).toBe('小王');
    expect(textOf(12345)).toBe('12345');
  });

  it('a huge provider JSON keeps only its short top-level values', () => {
    const stored = capExtraData({ id: 1, login: 'x', huge: 'y'.repeat(20_000), nested: { a: 1 } });
    expect(JSON.parse(stored)).toEqual({ id: 1, login: 'x' });
  });
});
