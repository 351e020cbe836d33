import { beforeEach, describe, expect, it } from 'vitest';
import { User } from '@forum/core';
import { buildUser, rebuildLocked, signedIn } from '@forum/core/testing';
import { tokenCookie, trpcMutation, trpcQuery } from '../../../test/client';
import { useTestApi } from '../../../test/harness';
import { captchaDigits, resetRateLimits, signUpForm } from '../../../test/accounts-helpers';

const t = useTestApi();
beforeEach(() => resetRateLimits(t));

async function captcha() {
  const { body } = await trpcMutation(t, 'users.captcha', {});
  const { captchaId } = body.result.data;
  return { captchaId, captchaCode: (await captchaDigits(t, captchaId))! };
}

async function signUp(overrides: Record<string, string> = {}) {
  const values = signUpForm(overrides);
  const response = await trpcMutation(t, 'users.signup', { ...(await captcha()), ...values });
  return { values, response };
}

describe('auth router', () => {
  it('users.captcha answers an id and a site-relative image URL', async () => {
    const { body } = await trpcMutation(t, 'users.captcha', {});
    const { captchaId, captchaUrl } = body.result.data;
    expect(captchaUrl).toMatch(new RegExp(`^/api/captcha/show\\?captchaId=${captchaId}&r=[0-9a-f]{32}$`));
    expect(await captchaDigits(t, captchaId)).toMatch(/^\d{4}$/);
  });

  it('users.signup creates the account, sets the token in the HttpOnly cookie and answers its max-age and the current user', async () => {
    const { values, response } = await signUp({ ref: '/topics' });
    expect(response.status).toBe(200);
    const session = response.body.result.data;
    expect(Object.keys(session)).toEqual(['maxAge', 'user', 'ref']);
    const token = tokenCookie(response.headers)!;
    expect(token).toMatch(/^[0-9a-f]{32,}$/);
    expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
    // The page's scripts read the body: the token is nowhere in it.
    expect(response.text).not.toContain(token);
    expect(session.maxAge).toBe(365 * 86_400);
    expect(session.ref).toBe('/topics');
    expect(session.user).toMatchObject({ username: values.username, nickname: values.nickname, roles: [] });
    expect(response.text).not.toContain('argon2');
    expect(response.text).not.toContain(values.email);
    const current = await trpcQuery(t, 'users.current', undefined, { 'x-user-token': token });
    expect(current.body.result.data.id).toBe(session.user.id);
  });

  it('a rule broken at sign-up answers its own text', async () => {
    const { response } = await signUp({ password: '12345', rePassword: '12345' });
    expect(response.status).toBe(400);
    expect(response.body.error.data.appError).toEqual({ code: 'INVALID_INPUT', message: '密码过于简单' });
  });

  it('a refusal about one field names it in data.field, for the form to show beside it', async () => {
    const { values } = await signUp();
    const taken = await signUp({ username: values.username! });
    expect(taken.response.body.error.data.field).toBe('username');
    const mismatch = await signUp({ rePassword: 'other-pass' });
    expect(mismatch.response.body.error.data).toMatchObject({
      field: 'rePassword',
      appError: { code: 'INVALID_INPUT', message: '两次输入密码不匹配' },
    });
    expect((await signUp({ email: 'not-an-email' })).response.body.error.data.field).toBe('email');
    // A rejected input names its key too.
    expect((await signUp({ nickname: '长'.repeat(10_000) })).response.body.error.data.field).toBe('nickname');
    const { captchaId } = await captcha();
    const wrong = await trpcMutation(t, 'users.signup', { ...signUpForm(), captchaId, captchaCode: 'x' });
    expect(wrong.body.error.data.field).toBe('captchaCode');
    // A refusal about no field names none.
    const signIn = await trpcMutation(t, 'users.signin', {
      ...(await captcha()),
      username: 'nobody-here',
      password: 'whatever',
    });
    expect(signIn.body.error.data.field).toBeNull();
  });

  it('an oversized field answers its own text, not a generic one, and stores nothing', async () => {
    const before = await User.countDocuments();
    const { response } = await signUp({ nickname: '长'.repeat(10_000) });
    expect(response.status).toBe(400);
    expect(response.body.error.data.appError).toEqual({
      code: 'INVALID_INPUT',
      message: '昵称不能超过16个字',
    });
    expect(await User.countDocuments()).toBe(before);
  });

  it('users.signin needs the right captcha and password', async () => {
    const { values } = await signUp();
    const wrongCaptcha = await trpcMutation(t, 'users.signin', {
      captchaId: 'x',
      captchaCode: '0000',
      username: values.username,
      password: values.password,
    });
    expect(wrongCaptcha.body.error.data.appError).toEqual({ code: 'CAPTCHA_INVALID', message: '验证码错误' });
    const wrongPassword = await trpcMutation(t, 'users.signin', {
      ...(await captcha()),
      username: values.username,
      password: 'nope-nope',
    });
    expect(wrongPassword.body.error.data.appError.message).toBe('密码错误');
    const ok = await trpcMutation(t, 'users.signin', {
      ...(await captcha()),
      username: values.email,
      password: values.password,
    });
    expect(ok.body.result.data.user.username).toBe(values.username);
    const token = tokenCookie(ok.headers)!;
    expect(token).toBeTruthy();
    expect(ok.text).not.toContain(token);
  });

  it('users.signout revokes the token at once', async () => {
    const { response } = await signUp();
    const headers = { 'x-user-token': tokenCookie(response.headers)! };
    expect((await trpcMutation(t, 'users.signout', undefined, headers)).body.result.data).toBeNull();
    expect((await trpcQuery(t, 'users.current', undefined, headers)).body.result.data).toBeNull();
  });

  it('users.profile shows anyone’s public profile without e-mail, roles or password', async () => {
    const user = await buildUser({
      email: 'hidden@example.com',
      roles: ['admin'],
      passwordHash: 'hash-value',
    });
    const { text, body } = await trpcQuery(t, 'users.profile', { id: user._id });
    expect(body.result.data).toMatchObject({ id: user._id, nickname: user.nickname, forbidden: false });
    for (const secret of ['hidden@example.com', 'admin', 'hash-value', 'email', 'roles']) {
      expect(text).not.toContain(secret);
    }
    const missing = await trpcQuery(t, 'users.profile', { id: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.error.data.appError).toEqual({ code: 'NOT_FOUND', message: '用户不存在' });
  });

  it('users.profile ranks people by when they registered, not by id, and a rebuild keeps the rank', async () => {
    const before = (await buildUser())._id;
    const rankOf = async (id: number) =>
      (await trpcQuery(t, 'users.profile', { id })).body.result.data.registrationRank as number;
    const first = await rankOf(before);
    const { response } = await signUp();
    const signedUp = response.body.result.data.user.id as number;
    expect(await rankOf(signedUp)).toBe(first + 1);
    // An account imported with an older registration time ranks before both, whatever its id.
    const imported = await buildUser({ createTime: 1_000 });
    expect(imported._id).toBeGreaterThan(signedUp);
    expect(await rankOf(imported._id)).toBe(1);
    expect(await rankOf(before)).toBe(first + 1);
    expect(await rankOf(signedUp)).toBe(first + 2);
    // Under the lock, as a process would: the app's read-model watcher rebuilds too when it sees it missing.
    await rebuildLocked();
    expect(await rankOf(signedUp)).toBe(first + 2);
  });

  it('users.account and the setters work for the signed-in user only', async () => {
    expect((await trpcQuery(t, 'users.account', undefined)).status).toBe(401);
    const { user, token } = await signedIn(buildUser({ username: '', usernameLower: '#x1' }));
    const headers = { 'x-user-token': token };
    expect(
      (await trpcMutation(t, 'users.setUsername', { username: 'trpc_user' }, headers)).body.result.data,
    ).toBeNull();
    expect((await trpcMutation(t, 'users.setEmail', { email: 'trpc@example.com' }, headers)).status).toBe(
      200,
    );
    expect(
      (
        await trpcMutation(
          t,
          'users.setPassword',
          { password: 'first-pass', rePassword: 'first-pass' },
          headers,
        )
      ).status,
    ).toBe(200);
    const changed = await trpcMutation(
      t,
      'users.updatePassword',
      { oldPassword: 'first-pass', password: 'second-pass', rePassword: 'second-pass' },
      headers,
    );
    expect(changed.status).toBe(200);
    const account = await trpcQuery(t, 'users.account', undefined, headers);
    expect(account.body.result.data).toEqual({
      username: 'trpc_user',
      email: 'trpc@example.com',
      emailVerified: false,
      passwordSet: true,
      emailNotify: true,
      watchPostedTopics: true,
      watchRepliedTopics: true,
    });
    expect((await User.findById(user._id).lean())?.usernameLower).toBe('trpc_user');
  });
});
