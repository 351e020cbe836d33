import { beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, saveSiteConfig, systemContext, User } from '@forum/core';
import { buildUser, signedIn } from '@forum/core/testing';
import { call, postForm, refusal, success } from '../test/client';
import { USER_DETAIL_KEYS } from '../test/legacy-shapes';
import { useTestApi } from '../test/harness';
import { resetRateLimits, signInVia, signUpForm, signUpVia } from '../test/accounts-helpers';

const t = useTestApi();
beforeEach(() => resetRateLimits(t));

function asUser(token: string) {
  return { 'x-user-token': token };
}

describe('GET /api/user/current', () => {
  it('answers data null for a visitor', async () => {
    expect((await call(t, '/api/user/current')).body).toEqual(success(null));
  });

  it("answers the signed-in user's own profile, e-mail included, never the password hash", async () => {
    const passwordHash = await hashPassword('secret-pass');
    const { user, token } = await signedIn(
      buildUser({ email: 'me@example.com', passwordHash, roles: ['admin'] }),
    );
    const response = await call(t, '/api/user/current', { headers: asUser(token) });
    expect(response.body.data).toMatchObject({
      id: user._id,
      email: 'me@example.com',
      roles: ['admin'],
      passwordSet: true,
    });
    expect(response.text).not.toContain(passwordHash);
    expect(response.text).not.toContain('argon2');
  });
});

describe('GET /api/user/{id}', () => {
  it('answers the public UserDetail, without e-mail, roles, password or token', async () => {
    const { body } = await signUpVia(t, signUpForm({ email: 'private@example.com', nickname: '公开' }));
    const { token, user } = body.data;
    await User.updateOne({ _id: user.id }, { $set: { roles: ['admin'] } });
    const response = await call(t, `/api/user/${user.id}`, { headers: asUser(token) });
    expect(Object.keys(response.body.data)).toEqual(USER_DETAIL_KEYS);
    expect(response.body.data).toMatchObject({ id: user.id, nickname: '公开', username: user.username });
    for (const secret of ['private@example.com', 'admin', 'argon2', token, 'passwordSet', 'roles', 'email']) {
      expect(response.text).not.toContain(secret);
    }
  });

  it('answers 用户不存在 for an unknown or deleted user', async () => {
    expect((await call(t, '/api/user/987654')).body).toEqual(refusal('用户不存在'));
    const user = await buildUser({ status: 1 });
    expect((await call(t, `/api/user/${user._id}`)).body).toEqual(refusal('用户不存在'));
  });

  it('does not match a non-numeric id (404, the unknown-path envelope)', async () => {
    const response = await call(t, '/api/user/abc');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ errorCode: 404, success: false });
  });
});

describe('POST /api/user/set/username', () => {
  it('sets a username once for an account that has none', async () => {
    const { body } = await signUpVia(t, signUpForm({ username: '' }));
    const headers = asUser(body.data.token);
    expect((await postForm(t, '/api/user/set/username', { username: 'Fresh_name' }, headers)).body).toEqual(
      success(null),
    );
    const stored = await User.findById(body.data.user.id).lean();
    expect(stored).toMatchObject({ username: 'Fresh_name', usernameLower: 'fresh_name' });
    const again = await postForm(t, '/api/user/set/username', { username: 'other_name' }, headers);
    expect(again.body).toEqual(refusal('你已设置了用户名，无法重复设置。'));
  });

  it.each([
    ['a blank username', '', '请输入用户名'],
    ['a malformed username', '9lives', '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头'],
    [
      'a 10 000-character username',
      'a'.repeat(10_000),
      '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头',
    ],
  ])('refuses %s', async (_name, username, message) => {
    const { body } = await signUpVia(t, signUpForm({ username: '' }));
    const response = await postForm(t, '/api/user/set/username', { username }, asUser(body.data.token));
    expect(response.body).toEqual(refusal(message));
  });

  it('refuses a username taken in another case', async () => {
    const taken = signUpForm();
    await signUpVia(t, taken);
    const { body } = await signUpVia(t, signUpForm({ username: '' }));
    const shouted = taken.username!.toUpperCase();
    const response = await postForm(
      t,
      '/api/user/set/username',
      { username: shouted },
      asUser(body.data.token),
    );
    expect(response.body).toEqual(refusal(`用户名：${shouted} 已被占用`));
  });

  it('asks a visitor to sign in (errorCode 1)', async () => {
    const response = await postForm(t, '/api/user/set/username', { username: 'someone' });
    expect(response.body).toEqual({ errorCode: 1, message: '请先登录', data: null, success: false });
  });
});

describe('POST /api/user/set/email', () => {
  it('changes the e-mail and makes it unverified again', async () => {
    const { body } = await signUpVia(t, signUpForm());
    await User.updateOne({ _id: body.data.user.id }, { $set: { emailVerified: true } });
    const headers = asUser(body.data.token);
    expect((await postForm(t, '/api/user/set/email', { email: ' New@Example.com ' }, headers)).body).toEqual(
      success(null),
    );
    const stored = await User.findById(body.data.user.id).lean();
    expect(stored).toMatchObject({
      email: 'New@Example.com',
      emailLower: 'new@example.com',
      emailVerified: false,
    });
  });

  it('keeps everything when the e-mail is the same', async () => {
    const values = signUpForm();
    const { body } = await signUpVia(t, values);
    await User.updateOne({ _id: body.data.user.id }, { $set: { emailVerified: true } });
    const response = await postForm(
      t,
      '/api/user/set/email',
      { email: values.email! },
      asUser(body.data.token),
    );
    expect(response.body).toEqual(success(null));
    expect((await User.findById(body.data.user.id).lean())?.emailVerified).toBe(true);
  });

  it('refuses a malformed e-mail and one taken by someone else in any case', async () => {
    const other = signUpForm();
    await signUpVia(t, other);
    const { body } = await signUpVia(t, signUpForm());
    const headers = asUser(body.data.token);
    expect((await postForm(t, '/api/user/set/email', { email: 'nope' }, headers)).body).toEqual(
      refusal('邮箱格式不符合规范'),
    );
    const shouted = other.email!.toUpperCase();
    expect((await postForm(t, '/api/user/set/email', { email: shouted }, headers)).body).toEqual(
      refusal(`邮箱：${shouted} 已被占用`),
    );
  });
  it("refuses a domain outside the owner's e-mail whitelist and keeps the old address", async () => {
    const values = signUpForm();
    const { body } = await signUpVia(t, values);
    await saveSiteConfig(systemContext(), { emailWhitelist: ['example.com'] });
    try {
      const response = await postForm(
        t,
        '/api/user/set/email',
        { email: 'me@elsewhere.org' },
        asUser(body.data.token),
      );
      expect(response.body).toEqual(refusal('该邮箱域名不在允许注册的范围内'));
      expect((await User.findById(body.data.user.id).lean())?.email).toBe(values.email);
    } finally {
      await saveSiteConfig(systemContext(), { emailWhitelist: [] });
    }
  });
});

describe('POST /api/user/set/password', () => {
  it('sets a first password, then refuses to set another', async () => {
    const { user, token } = await signedIn(buildUser());
    const headers = asUser(token);
    const first = await postForm(
      t,
      '/api/user/set/password',
      { password: 'first-pass', rePassword: 'first-pass' },
      headers,
    );
    expect(first.body).toEqual(success(null));
    const stored = await User.findById(user._id).lean();
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    const again = await postForm(
      t,
      '/api/user/set/password',
      { password: 'other-pass', rePassword: 'other-pass' },
      headers,
    );
    expect(again.body).toEqual(refusal('你已设置了密码，如需修改请前往修改页面。'));
  });

  it.each([
    ['a blank password', '', '', '请输入密码'],
    ['a short password', 'abc', 'abc', '密码过于简单'],
    ['a mismatch', 'abcdefg', 'abcdefh', '两次输入密码不匹配'],
  ])('refuses %s', async (_name, password, rePassword, message) => {
    const { token } = await signedIn(buildUser());
    const response = await postForm(t, '/api/user/set/password', { password, rePassword }, asUser(token));
    expect(response.body).toEqual(refusal(message));
  });
});

describe('POST /api/user/update/password', () => {
  it('changes the password when the old one is right; sign-in then takes the new one', async () => {
    const values = signUpForm();
    const { body } = await signUpVia(t, values);
    const headers = asUser(body.data.token);
    const response = await postForm(
      t,
      '/api/user/update/password',
      { oldPassword: values.password!, password: 'brand-new-pass', rePassword: 'brand-new-pass' },
      headers,
    );
    expect(response.body).toEqual(success(null));
    const withOld = await signInVia(t, {
      username: values.username!,
      password: values.password!,
    });
    expect(withOld.body.message).toBe('密码错误');
    const withNew = await signInVia(t, {
      username: values.username!,
      password: 'brand-new-pass',
    });
    expect(withNew.body.success).toBe(true);
  });

  it('refuses a wrong old password and keeps the password', async () => {
    const values = signUpForm();
    const { body } = await signUpVia(t, values);
    const before = (await User.findById(body.data.user.id).lean())?.passwordHash;
    const response = await postForm(
      t,
      '/api/user/update/password',
      { oldPassword: 'not-it', password: 'brand-new-pass', rePassword: 'brand-new-pass' },
      asUser(body.data.token),
    );
    expect(response.body).toEqual(refusal('旧密码验证失败'));
    expect((await User.findById(body.data.user.id).lean())?.passwordHash).toBe(before);
  });

  it('asks an account without password to set one first', async () => {
    const { token } = await signedIn(buildUser());
    const response = await postForm(
      t,
      '/api/user/update/password',
      { oldPassword: 'x', password: 'brand-new-pass', rePassword: 'brand-new-pass' },
      asUser(token),
    );
    expect(response.body).toEqual(refusal('你没设置密码，请先设置密码'));
  });

  it('checks the new password rules first', async () => {
    const { token } = await signedIn(buildUser());
    const response = await postForm(
      t,
      '/api/user/update/password',
      { oldPassword: 'x', password: 'new-pass-1', rePassword: 'new-pass-2' },
      asUser(token),
    );
    expect(response.body).toEqual(refusal('两次输入密码不匹配'));
  });
});
