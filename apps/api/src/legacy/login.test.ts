import { beforeEach, describe, expect, it } from 'vitest';
import { getQueue, saveSiteConfig, systemContext, User, UserToken } from '@forum/core';
import { call, postForm, refusal } from '../test/client';
import { USER_PROFILE_KEYS } from '../test/legacy-shapes';
import { useTestApi } from '../test/harness';
import {
  resetRateLimits,
  signInVia,
  signUpForm,
  signUpVia,
  solvedCaptcha,
  testRedis,
} from '../test/accounts-helpers';

const t = useTestApi();
beforeEach(() => resetRateLimits(t));

const captchaError = { errorCode: 1000, message: '验证码错误', data: null, success: false };

describe('POST /api/login/signup', () => {
  it('creates the account, answers LoginSuccess and sets the userToken cookie', async () => {
    const values = signUpForm({ nickname: '  小红  ' });
    const response = await postForm(t, '/api/login/signup?ref=%2Ftopic%2F1', {
      ...(await solvedCaptcha(t)),
      ...values,
    });
    expect(Object.keys(response.body)).toEqual(['errorCode', 'message', 'data', 'success']);
    expect(response.body).toMatchObject({ errorCode: 0, message: '', success: true });
    const { token, user, ref } = response.body.data;
    expect(Object.keys(response.body.data)).toEqual(['token', 'user', 'ref']);
    expect(ref).toBe('/topic/1');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(user)).toEqual(USER_PROFILE_KEYS);
    expect(user).toMatchObject({
      nickname: '小红',
      username: values.username,
      email: values.email,
      emailVerified: false,
      passwordSet: true,
      roles: [''],
      status: 0,
      forbidden: false,
      score: 0,
      description: '这家伙很懒，什么都没留下',
    });

    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`userToken=${token}`);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const stored = await User.findById(user.id).lean();
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.usernameLower).toBe(values.username!.toLowerCase());
    expect(stored?.emailLower).toBe(values.email!.toLowerCase());
    expect(stored?.roles).toEqual([]);
    // The user.created event was recorded with the insert, which keeps it, and handed to the queue.
    expect(stored?.outbox?.map((event) => event.type)).toEqual(['user.created']);
    expect(await getQueue('maintenance').getJob(stored!.outbox![0]!.id)).toBeTruthy();
    expect(response.text).not.toContain('argon2');

    const current = await call(t, '/api/user/current', { headers: { 'x-user-token': token } });
    expect(current.body.data).toEqual({ ...user, createTime: stored?.createTime });
    const byCookie = await call(t, '/api/user/current', { headers: { cookie: `userToken=${token}` } });
    expect(byCookie.body.data.id).toBe(user.id);
  });

  it('accepts a sign-up without username; the account then has none', async () => {
    const response = await signUpVia(t, signUpForm({ username: '' }));
    expect(response.body.success).toBe(true);
    const { user } = response.body.data;
    expect(user.username).toBe('');
    const stored = await User.findById(user.id).lean();
    expect(stored?.usernameLower).toBe(`#${user.id}`);
  });

  it.each([
    ['a blank nickname (checked first)', { nickname: '   ', password: '1', email: '' }, '昵称不能为空'],
    ['a blank password', { password: '', rePassword: '' }, '请输入密码'],
    ['a password under 6 characters (before the e-mail)', { password: '12345', email: 'x' }, '密码过于简单'],
    ['passwords that differ', { rePassword: 'other-pass' }, '两次输入密码不匹配'],
    ['a blank e-mail', { email: '' }, '请输入邮箱'],
    ['a malformed e-mail (before the username)', { email: 'a@b', username: '1' }, '邮箱格式不符合规范'],
    ['an e-mail with a 5-letter top-level domain', { email: 'a@b.abcde' }, '邮箱格式不符合规范'],
    [
      'a username starting with a digit',
      { username: '1abcde' },
      '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头',
    ],
    [
      'a 4-character username',
      { username: 'abcd' },
      '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头',
    ],
    [
      'a username with a dot',
      { username: 'abc.def' },
      '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头',
    ],
  ])('refuses %s with its message and creates nothing', async (_name, overrides, message) => {
    const before = await User.countDocuments();
    const response = await signUpVia(t, signUpForm(overrides));
    expect(response.body).toEqual(refusal(message));
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await User.countDocuments()).toBe(before);
  });

  it('refuses an e-mail already taken, whatever its case', async () => {
    const first = signUpForm();
    expect((await signUpVia(t, first)).body.success).toBe(true);
    const shouted = first.email!.toUpperCase();
    const response = await signUpVia(t, signUpForm({ email: shouted }));
    expect(response.body).toEqual(refusal(`邮箱：${shouted} 已被占用`));
  });

  it('refuses a username already taken, whatever its case', async () => {
    const first = signUpForm();
    expect((await signUpVia(t, first)).body.success).toBe(true);
    const shouted = first.username!.toUpperCase();
    const response = await signUpVia(t, signUpForm({ username: shouted }));
    expect(response.body).toEqual(refusal(`用户名：${shouted} 已被占用`));
  });

  it('a wrong captcha answers errorCode 1000 and creates nothing', async () => {
    const before = await User.countDocuments();
    const { captchaId, captchaCode } = await solvedCaptcha(t);
    const wrong = String((Number(captchaCode) + 1) % 10000).padStart(4, '0');
    const response = await postForm(t, '/api/login/signup', {
      ...signUpForm(),
      captchaId,
      captchaCode: wrong,
    });
    expect(response.body).toEqual(captchaError);
    expect(await User.countDocuments()).toBe(before);
    // The failed try used the captcha up: the right code no longer works either.
    const retry = await postForm(t, '/api/login/signup', { ...signUpForm(), captchaId, captchaCode });
    expect(retry.body).toEqual(captchaError);
  });

  it('a captcha cannot be used twice', async () => {
    const captcha = await solvedCaptcha(t);
    const first = await postForm(t, '/api/login/signup', { ...captcha, ...signUpForm() });
    expect(first.body.success).toBe(true);
    const second = await postForm(t, '/api/login/signup', { ...captcha, ...signUpForm() });
    expect(second.body).toEqual(captchaError);
  });

  it('an expired captcha answers errorCode 1000', async () => {
    const captcha = await solvedCaptcha(t);
    await testRedis().pexpire(`${t.prefix}captcha:${captcha.captchaId}`, 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const response = await postForm(t, '/api/login/signup', { ...captcha, ...signUpForm() });
    expect(response.body).toEqual(captchaError);
  });

  it('a missing captcha answers errorCode 1000', async () => {
    const response = await postForm(t, '/api/login/signup', signUpForm());
    expect(response.body).toEqual(captchaError);
  });

  it('is refused while password sign-up is switched off', async () => {
    await saveSiteConfig(systemContext(), {
      loginMethod: { password: false, qq: false, github: false, osc: false },
    });
    try {
      const before = await User.countDocuments();
      const response = await signUpVia(t, signUpForm());
      expect(response.body).toEqual(refusal('账号密码登录/注册已禁用'));
      expect(await User.countDocuments()).toBe(before);
    } finally {
      await saveSiteConfig(systemContext(), {
        loginMethod: { password: true, qq: true, github: true, osc: false },
      });
    }
  });

  it('accepts only the whitelisted e-mail domains (and their subdomains) when the owner lists any', async () => {
    await saveSiteConfig(systemContext(), { emailWhitelist: ['lab.example.edu'] });
    try {
      const before = await User.countDocuments();
      const outside = await signUpVia(t, signUpForm({ email: `x${Date.now()}@gmail.com` }));
      expect(outside.body).toEqual(refusal('该邮箱域名不在允许注册的范围内'));
      expect(await User.countDocuments()).toBe(before);
      const inside = await signUpVia(t, signUpForm({ email: `x${Date.now()}@LAB.example.edu` }));
      expect(inside.body.success).toBe(true);
      const sub = await signUpVia(t, signUpForm({ email: `y${Date.now()}@asr.lab.example.edu` }));
      expect(sub.body.success).toBe(true);
    } finally {
      await saveSiteConfig(systemContext(), { emailWhitelist: [] });
    }
  });

  it.each([
    ['nickname', '昵称不能超过16个字'],
    ['username', '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头'],
    ['email', '邮箱长度不能超过128个字符'],
    ['password', '密码长度不能超过128个字符'],
  ])('refuses a 10 000-character %s with a clear message and stores nothing', async (field, message) => {
    const before = await User.countDocuments();
    const response = await signUpVia(t, signUpForm({ [field]: 'a'.repeat(10_000) }));
    expect(response.body).toEqual(refusal(message));
    expect(await User.countDocuments()).toBe(before);
  });

  it('counts nicknames in characters: 16 emoji are fine, 17 are too many', async () => {
    const fine = await signUpVia(t, signUpForm({ nickname: '😀'.repeat(16) }));
    expect(fine.body.data.user.nickname).toBe('😀'.repeat(16));
    const tooLong = await signUpVia(t, signUpForm({ nickname: '😀'.repeat(17) }));
    expect(tooLong.body).toEqual(refusal('昵称不能超过16个字'));
  });

  it('creates at most 5 accounts per hour from one IP', async () => {
    for (let i = 0; i < 5; i++) expect((await signUpVia(t, signUpForm())).body.success).toBe(true);
    const before = await User.countDocuments();
    const response = await signUpVia(t, signUpForm());
    expect(response.body).toEqual(refusal('操作过于频繁，请稍后再试'));
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await User.countDocuments()).toBe(before);
  });
});

describe('POST /api/login/signin', () => {
  async function member() {
    const values = signUpForm();
    const { body } = await signUpVia(t, values);
    return { values, id: body.data.user.id as number };
  }

  it('signs in by username, case-insensitively, with a new token and cookie', async () => {
    const { values, id } = await member();
    const response = await signInVia(t, {
      username: values.username!.toUpperCase(),
      password: values.password!,
      ref: '/x',
    });
    expect(Object.keys(response.body.data)).toEqual(['token', 'user', 'ref']);
    expect(response.body.data.ref).toBe('/x');
    expect(response.body.data.user.id).toBe(id);
    expect(Object.keys(response.body.data.user)).toEqual(USER_PROFILE_KEYS);
    const token = response.body.data.token;
    expect(response.headers.get('set-cookie')).toContain(`userToken=${token}`);
    const current = await call(t, '/api/user/current', { headers: { 'x-user-token': token } });
    expect(current.body.data.id).toBe(id);
    expect(response.text).not.toContain('argon2');
  });

  it('signs in by e-mail, with surrounding spaces trimmed', async () => {
    const { values, id } = await member();
    const response = await signInVia(t, { username: ` ${values.email} `, password: ` ${values.password} ` });
    expect(response.body.data.user.id).toBe(id);
  });

  it('refuses a wrong password', async () => {
    const { values } = await member();
    const response = await signInVia(t, { username: values.username!, password: 'not-the-password' });
    expect(response.body).toEqual(refusal('密码错误'));
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an unknown or disabled user alike', async () => {
    const unknown = await signInVia(t, { username: 'nobody-here', password: 'whatever' });
    expect(unknown.body).toEqual(refusal('用户不存在或被禁用'));
    const { values, id } = await member();
    await User.updateOne({ _id: id }, { $set: { status: 1 } });
    const disabled = await signInVia(t, { username: values.username!, password: values.password! });
    expect(disabled.body).toEqual(refusal('用户不存在或被禁用'));
  });

  it.each([
    ['a blank username', { username: '', password: 'x' }, '用户名/邮箱不能为空'],
    ['a blank password', { username: 'someone', password: '  ' }, '密码不能为空'],
    [
      'a 10 000-character username',
      { username: 'a'.repeat(10_000), password: 'x' },
      '用户名/邮箱长度不能超过128个字符',
    ],
  ])('refuses %s with its message', async (_name, values, message) => {
    expect((await signInVia(t, values)).body).toEqual(refusal(message));
  });

  it('always needs the captcha (errorCode 1000)', async () => {
    const { values } = await member();
    const missing = await postForm(t, '/api/login/signin', {
      username: values.username!,
      password: values.password!,
    });
    expect(missing.body).toEqual(captchaError);
    const { captchaId } = await solvedCaptcha(t);
    const wrong = await postForm(t, '/api/login/signin', {
      captchaId,
      captchaCode: 'abcd',
      username: values.username!,
      password: values.password!,
    });
    expect(wrong.body).toEqual(captchaError);
  });

  /** A sign-in from the client address `ip` (the API believes X-Forwarded-For from loopback). */
  async function signInFrom(ip: string, username: string, password: string) {
    // Captchas are limited per address too; this test asks for all of them from one.
    const captchaCounts = await testRedis().keys(`${t.prefix}rate:captcha-*`);
    if (captchaCounts.length) await testRedis().del(...captchaCounts);
    const form = { ...(await solvedCaptcha(t)), username, password };
    return postForm(t, '/api/login/signin', form, { 'x-forwarded-for': ip });
  }
  const tooFast = refusal('操作过于频繁，请稍后再试');

  /**
   * A wait that failures set lasts one second at first; the sign-in that checks it may come later
   * than that on a busy machine. Once the test has seen the wait set, it is made to last a minute.
   */
  async function holdWait(pattern: string): Promise<number> {
    const [key, ...others] = await testRedis().keys(pattern);
    expect(others).toEqual([]);
    const until = Number(await testRedis().hget(key!, 'until'));
    expect(until).toBeGreaterThan(Date.now() - 5_000);
    await testRedis().hset(key!, 'until', String(Date.now() + 60_000));
    return until;
  }

  it('allows 10 tries a minute from one IP, then answers a clear message and no token', async () => {
    const { values } = await member();
    await resetRateLimits(t);
    for (let i = 0; i < 10; i++) {
      const response = await signInFrom('10.10.0.1', `nobody-${i}`, 'wrong-password');
      expect(response.body.message).toBe('用户不存在或被禁用');
    }
    const blocked = await signInFrom('10.10.0.1', values.username!, values.password!);
    expect(blocked.body).toEqual(tooFast);
    expect(blocked.headers.get('set-cookie')).toBeNull();
  });

  it('slows down guesses at one account from one address: 5 free, then each waits, however the account is named', async () => {
    const { values } = await member();
    const names = [
      values.username!,
      values.email!,
      values.username!.toUpperCase(),
      ` ${values.email!.toUpperCase()} `,
    ];
    for (let i = 0; i < 6; i++) {
      const response = await signInFrom('10.10.1.1', names[i % names.length]!, 'wrong-password');
      expect(response.body.message).toBe('密码错误');
    }
    // The sixth failure set a wait of one second: nothing is checked until it is over, by name or
    // by e-mail. Four sign-ins take longer than that on a busy machine, so once the wait is seen
    // set, it is made to last while they run.
    expect(await holdWait(`${t.prefix}delay:signin-account-ip:*10.10.1.1*`)).toBeLessThanOrEqual(
      Date.now() + 1_000,
    );
    for (const name of names) {
      expect((await signInFrom('10.10.1.1', name, values.password!)).body).toEqual(tooFast);
    }
    // Another address is not held back.
    expect((await signInFrom('10.10.1.2', values.email!, values.password!)).body.success).toBe(true);
  });

  it('after guesses from many addresses, holds back new addresses but never the owner at an address they used before', async () => {
    const { values, id } = await member();
    // The owner signs in from home once.
    expect((await signInFrom('10.20.0.1', values.username!, values.password!)).body.success).toBe(true);
    // Then 51 wrong passwords from 11 other addresses, 5 at most from each (its free tries): the
    // account's free failures (50) and one more, which sets a wait on the account as a whole.
    for (let i = 0; i < 51; i++) {
      const response = await signInFrom(`10.20.1.${1 + Math.floor(i / 5)}`, values.username!, 'wrong');
      expect(response.body.message).toBe('密码错误');
    }
    // The account as a whole is now over its ceiling: an address it never used waits...
    await holdWait(`${t.prefix}delay:signin-account:${id}`);
    expect((await signInFrom('10.20.2.1', values.username!, values.password!)).body).toEqual(tooFast);
    // ...and the owner at home signs in with the right password.
    const home = await signInFrom('10.20.0.1', values.email!, values.password!);
    expect(home.body.success).toBe(true);
    expect(home.headers.get('set-cookie')).toContain('userToken=');
  });

  it('never refuses the right password from an address the account signed in from, even after many wrong ones there', async () => {
    const { values, id } = await member();
    expect((await signInFrom('10.30.0.1', values.username!, values.password!)).body.success).toBe(true);
    // 30 mistakes in a minute: over the address's flood limit and its account delays both.
    for (let i = 0; i < 30; i++) {
      expect((await signInFrom('10.30.0.1', values.username!, 'typo')).body.message).toBe('密码错误');
    }
    expect((await signInFrom('10.30.0.1', values.username!, values.password!)).body.success).toBe(true);
    // The same mistakes from an address the account never used are held back.
    for (let i = 0; i < 6; i++) await signInFrom('10.30.0.2', values.username!, 'typo');
    await holdWait(`${t.prefix}delay:signin-account-ip:${id}@*10.30.0.2`);
    expect((await signInFrom('10.30.0.2', values.username!, values.password!)).body).toEqual(tooFast);
  });
});

describe('GET /api/login/signout', () => {
  it('revokes the token at once and clears the cookie', async () => {
    const { body } = await signUpVia(t, signUpForm());
    const token = body.data.token as string;
    const headers = { 'x-user-token': token };
    expect((await call(t, '/api/user/current', { headers })).body.data).not.toBeNull();

    const response = await call(t, '/api/login/signout', { headers });
    expect(response.body).toEqual({ errorCode: 0, message: '', data: null, success: true });
    expect(response.headers.get('set-cookie')).toMatch(/^userToken=;.*Expires=Thu, 01 Jan 1970/);
    expect((await call(t, '/api/user/current', { headers })).body.data).toBeNull();
    const row = await UserToken.findOne({ userId: body.data.user.id }).lean();
    expect(row?.revoked).toBe(true);
  });

  it('takes the token from the userToken query field or the cookie too (from a page of the site)', async () => {
    const first = (await signUpVia(t, signUpForm())).body.data.token as string;
    await call(t, `/api/login/signout?userToken=${first}`);
    expect((await call(t, '/api/user/current', { headers: { 'x-user-token': first } })).body.data).toBeNull();
    const second = (await signUpVia(t, signUpForm())).body.data.token as string;
    await call(t, '/api/login/signout', {
      headers: { cookie: `userToken=${second}`, referer: `${t.config.BASE_URL}/user/profile` },
    });
    expect(
      (await call(t, '/api/user/current', { headers: { 'x-user-token': second } })).body.data,
    ).toBeNull();
  });

  it('always succeeds, even for a visitor', async () => {
    const response = await call(t, '/api/login/signout');
    expect(response.body).toEqual({ errorCode: 0, message: '', data: null, success: true });
  });
});
