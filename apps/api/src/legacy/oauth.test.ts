import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSiteConfig, ThirdAccount, User, type UserDoc } from '@forum/core';
import { contextFor } from '@forum/core/testing';
import {
  authorizeAt,
  browserCookieOf,
  callbackAt,
  startFakeGithub,
  startFakeOsc,
  startFakeQq,
  type FakeProvider,
  startOAuthApi,
  type ProviderUser,
} from '../test/oauth-helpers';
import { call, tokenCookie, trpcQuery } from '../test/client';
import { siteOwner, type TestApi } from '../test/harness';

const BASE_URL = 'https://forum.example';
let t: TestApi;
let owner: UserDoc;
const fakes: Record<'github' | 'osc' | 'qq', FakeProvider> = {} as never;

beforeAll(async () => {
  fakes.github = await startFakeGithub(`${BASE_URL}/user/github/callback`);
  fakes.osc = await startFakeOsc(`${BASE_URL}/user/osc/callback`);
  fakes.qq = await startFakeQq(`${BASE_URL}/user/qq/callback`);
  t = await startOAuthApi(BASE_URL, {
    GITHUB_CLIENT_ID: fakes.github.clientId,
    GITHUB_CLIENT_SECRET: fakes.github.clientSecret,
    GITHUB_AUTHORIZE_URL: `${fakes.github.url}/login/oauth/authorize`,
    GITHUB_TOKEN_URL: `${fakes.github.url}/login/oauth/access_token`,
    GITHUB_API_URL: `${fakes.github.url}/api`,
    OSC_CLIENT_ID: fakes.osc.clientId,
    OSC_CLIENT_SECRET: fakes.osc.clientSecret,
    OSC_BASE_URL: fakes.osc.url,
    QQ_APP_ID: fakes.qq.clientId,
    QQ_APP_KEY: fakes.qq.clientSecret,
    QQ_BASE_URL: fakes.qq.url,
  });
  owner = await siteOwner();
  // OSChina is off by default (legacy default); switch every provider on.
  await saveSiteConfig(contextFor(owner), {
    loginMethod: { password: true, github: true, osc: true, qq: true },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all(Object.values(fakes).map((fake) => fake.close()));
});

let nextPerson = 1000;
function person(name = '语音研究者'): ProviderUser {
  const id = String(++nextPerson);
  return { id, name: `${name}${id}`, avatar: `https://avatars.example/${id}.png` };
}

async function signIn(provider: keyof typeof fakes, who: ProviderUser, ref = '') {
  const started = await authorizeAt(t, provider, ref);
  return callbackAt(t, provider, fakes[provider].grant(who), started);
}

async function currentUser(token: string) {
  const { body } = await trpcQuery(t, 'users.current', undefined, token);
  return body.result.data;
}

const providers = [
  { provider: 'github', authorizePath: '/login/oauth/authorize', disabled: 'Github登录/注册已禁用' },
  { provider: 'osc', authorizePath: '/action/oauth2/authorize', disabled: '开源中国账号登录/注册已禁用' },
  { provider: 'qq', authorizePath: '/oauth2.0/authorize', disabled: 'QQ登录/注册已禁用' },
] as const;

describe.each(providers)('sign-in with $provider', ({ provider, authorizePath, disabled }) => {
  it('authorize answers the provider page with our client id, our callback page and a fresh state', async () => {
    const first = await authorizeAt(t, provider, '/topic/1');
    const second = await authorizeAt(t, provider, '/topic/1');
    expect(`${first.url.origin}${first.url.pathname}`).toBe(`${fakes[provider].url}${authorizePath}`);
    expect(first.url.searchParams.get('client_id')).toBe(fakes[provider].clientId);
    expect(first.url.searchParams.get('redirect_uri')).toBe(`${BASE_URL}/user/${provider}/callback`);
    expect(first.url.searchParams.get('response_type')).toBe('code');
    expect(first.state).toMatch(/^[\w-]{20,}$/);
    expect(second.state).not.toBe(first.state);
  });

  it("the first sign-in creates a user with the provider's name and avatar and answers LoginSuccess with the ref", async () => {
    const who = person();
    const { body, headers } = await signIn(provider, who, '/topic/7');
    expect(body).toMatchObject({ errorCode: 0, message: '', success: true });
    expect(Object.keys(body.data)).toEqual(['token', 'user', 'ref']);
    expect(body.data.ref).toBe('/topic/7');
    expect(body.data.user).toMatchObject({
      nickname: who.name,
      avatar: who.avatar,
      username: '',
      email: '',
      passwordSet: false,
      status: 0,
    });

    const cookie = headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`userToken=${body.data.token}`);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    expect(await currentUser(body.data.token)).toMatchObject({ id: body.data.user.id, nickname: who.name });
    const legacyCurrent = await call(t, '/api/user/current', {
      headers: { 'x-user-token': body.data.token },
    });
    expect(legacyCurrent.body.data).toMatchObject({ id: body.data.user.id, avatar: who.avatar });
    const user = await User.findById(body.data.user.id).lean<UserDoc>();
    expect(user).toMatchObject({ username: '', usernameLower: `#${user!._id}`, avatar: who.avatar });
    const account = await ThirdAccount.findOne({ provider, providerUserId: who.id }).lean();
    expect(account).toMatchObject({ userId: user!._id, nickname: who.name, avatar: who.avatar });
    expect(JSON.parse(account!.extraData!)).toBeTypeOf('object');
  });

  it('a second sign-in of the same person signs in the same user', async () => {
    const who = person();
    const first = await signIn(provider, who);
    const second = await signIn(provider, { ...who, avatar: `${who.avatar}?v=2` });
    expect(second.body.success).toBe(true);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    expect(second.body.data.token).not.toBe(first.body.data.token);
    expect(await ThirdAccount.countDocuments({ provider, providerUserId: who.id })).toBe(1);
    expect(await ThirdAccount.findOne({ provider, providerUserId: who.id }).lean()).toMatchObject({
      avatar: `${who.avatar}?v=2`,
    });
  });

  it('a state works once; a reused or unknown state is refused and signs nobody in', async () => {
    const who = person();
    const started = await authorizeAt(t, provider);
    expect((await callbackAt(t, provider, fakes[provider].grant(who), started)).body.success).toBe(true);
    const reused = await callbackAt(t, provider, fakes[provider].grant(who), started);
    expect(reused.body).toEqual({
      errorCode: 0,
      message: '登录状态已失效，请重新登录',
      data: null,
      success: false,
    });
    const unknown = await callbackAt(t, provider, fakes[provider].grant(person()), {
      ...started,
      state: 'no-such-state',
    });
    expect(unknown.body.message).toBe('登录状态已失效，请重新登录');
  });

  it('authorize keeps the browser secret in an HttpOnly SameSite=Lax cookie, the same one for every start', async () => {
    const first = await authorizeAt(t, provider);
    const { headers } = await call(t, `/api/${provider}/login/authorize`, {
      headers: { cookie: first.browser },
    });
    const line = headers.getSetCookie().find((cookie) => cookie.startsWith('oauthBrowser='))!;
    expect(line.split(';')[0]).toBe(first.browser);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/Max-Age=600/);
    // BASE_URL is https here.
    expect(line).toMatch(/Secure/);
  });

  it("a callback the browser did not start (another person's link) is refused and signs nobody in", async () => {
    const victim = await authorizeAt(t, provider);
    for (const browser of ['', victim.browser, 'oauthBrowser=made-up-made-up-made-up-made-up-ab']) {
      // The attacker starts a sign-in in their own browser and stops at the provider's answer.
      const attacker = await authorizeAt(t, provider);
      const usersBefore = await User.countDocuments({});
      const answer = await callbackAt(t, provider, fakes[provider].grant(person('攻击者')), {
        state: attacker.state,
        browser,
      });
      expect(answer.body).toEqual({
        errorCode: 0,
        message: '登录状态已失效，请重新登录',
        data: null,
        success: false,
      });
      expect(answer.headers.get('set-cookie') ?? '').not.toContain('userToken=');
      expect(await User.countDocuments({})).toBe(usersBefore);
    }
  });

  it('a state issued for another provider is refused', async () => {
    const other = providers.find((p) => p.provider !== provider)!.provider;
    const started = await authorizeAt(t, other);
    const { body } = await callbackAt(t, provider, fakes[provider].grant(person()), started);
    expect(body.message).toBe('登录状态已失效，请重新登录');
  });

  it('a provider error answers a clear message and creates nobody', async () => {
    const who = person();
    const usersBefore = await User.countDocuments({});
    fakes[provider].failNextTokenRequest();
    const { body } = await signIn(provider, who);
    expect(body).toEqual({ errorCode: 0, message: '第三方登录失败，请稍后再试', data: null, success: false });
    expect(await User.countDocuments({})).toBe(usersBefore);
    expect(await ThirdAccount.countDocuments({ provider, providerUserId: who.id })).toBe(0);
  });

  it('a provider that cannot be reached answers the same clear message', async () => {
    const started = await authorizeAt(t, provider);
    await fakes[provider].close();
    try {
      const { body } = await callbackAt(t, provider, 'any-code', started);
      expect(body.message).toBe('第三方登录失败，请稍后再试');
    } finally {
      const restarted = await { github: startFakeGithub, osc: startFakeOsc, qq: startFakeQq }[provider](
        `${BASE_URL}/user/${provider}/callback`,
      );
      fakes[provider] = restarted;
      const key = { github: 'GITHUB', osc: 'OSC', qq: 'QQ' }[provider];
      if (provider === 'github') {
        process.env.GITHUB_TOKEN_URL = `${restarted.url}/login/oauth/access_token`;
        process.env.GITHUB_API_URL = `${restarted.url}/api`;
        process.env.GITHUB_AUTHORIZE_URL = `${restarted.url}/login/oauth/authorize`;
      } else process.env[`${key}_BASE_URL`] = restarted.url;
    }
  });

  it('a disabled user cannot sign in', async () => {
    const who = person();
    const first = await signIn(provider, who);
    await User.updateOne({ _id: first.body.data.user.id }, { $set: { status: 1 } });
    const { body } = await signIn(provider, who);
    expect(body).toEqual({ errorCode: 0, message: '用户已被禁用', data: null, success: false });
  });

  it('a provider switched off in loginMethod answers the legacy disabled text', async () => {
    const started = await authorizeAt(t, provider);
    await saveSiteConfig(contextFor(owner), {
      loginMethod: { password: true, github: true, osc: true, qq: true, [provider]: false },
    });
    try {
      expect((await call(t, `/api/${provider}/login/authorize`)).body).toEqual({
        errorCode: 0,
        message: disabled,
        data: null,
        success: false,
      });
      const { body } = await callbackAt(t, provider, fakes[provider].grant(person()), started);
      expect(body.message).toBe(disabled);
    } finally {
      await saveSiteConfig(contextFor(owner), {
        loginMethod: { password: true, github: true, osc: true, qq: true },
      });
    }
  });
});

describe('the ref', () => {
  it('keeps a path of this site and drops a foreign address', async () => {
    expect((await signIn('github', person(), `${BASE_URL}/topic/3?x=1`)).body.data.ref).toBe('/topic/3?x=1');
    expect((await signIn('github', person(), 'https://evil.example/phish')).body.data.ref).toBe('');
    expect((await signIn('github', person(), '//evil.example/phish')).body.data.ref).toBe('');
  });
});

describe('a provider that is not configured', () => {
  it('answers the disabled text', async () => {
    const saved = process.env.QQ_APP_KEY;
    delete process.env.QQ_APP_KEY;
    try {
      expect((await call(t, '/api/qq/login/authorize')).body.message).toBe('QQ登录/注册已禁用');
      expect((await call(t, '/api/oidc/login/authorize')).body.message).toBe('OpenID登录/注册已禁用');
    } finally {
      process.env.QQ_APP_KEY = saved;
    }
  });
});

describe('tRPC for the web app', () => {
  /** One browser: the cookies the API set are sent back, as a browser does. */
  function browser() {
    let cookie = '';
    const call = async (path: string, input: unknown) => {
      const response = await fetch(`${t.baseUrl}/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(input),
      });
      cookie = browserCookieOf(response.headers) || cookie;
      return (await response.json()) as any;
    };
    /** The cookies this browser sends, for a request made by hand. */
    return Object.assign(call, { cookies: () => cookie });
  }

  it('oauth.providers lists the providers switched on', async () => {
    const { body } = await call(t, '/trpc/oauth.providers');
    expect(body.result.data).toEqual([
      { provider: 'github', name: 'GitHub' },
      { provider: 'osc', name: '开源中国' },
      { provider: 'qq', name: 'QQ' },
    ]);
  });

  it('oauth.authorizeUrl then oauth.callback sign in by cookie and answer the current user and the ref', async () => {
    const trpc = browser();
    const who = person('网页用户');
    const started = await trpc('oauth.authorizeUrl', { provider: 'qq', ref: '/articles' });
    const state = new URL(started.result.data.url).searchParams.get('state')!;
    const response = await fetch(`${t.baseUrl}/trpc/oauth.callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: trpc.cookies() },
      body: JSON.stringify({ provider: 'qq', code: fakes.qq.grant(who), state }),
    });
    const text = await response.text();
    const result = JSON.parse(text).result.data;
    expect(Object.keys(result)).toEqual(['user', 'ref']);
    // Signed in by the HttpOnly cookie alone: the page's scripts never see the token.
    const token = tokenCookie(response.headers)!;
    expect(token).toBeTruthy();
    expect(text).not.toContain(token);
    expect(result.ref).toBe('/articles');
    expect(result.user).toMatchObject({
      username: '',
      nickname: who.name,
      avatar: who.avatar,
      forbidden: false,
    });
    expect(await currentUser(token)).toEqual(result.user);
  });

  it('oauth.callback with a used state fails with the clear text', async () => {
    const trpc = browser();
    const started = await trpc('oauth.authorizeUrl', { provider: 'github', ref: '' });
    const state = new URL(started.result.data.url).searchParams.get('state')!;
    await trpc('oauth.callback', { provider: 'github', code: fakes.github.grant(person()), state });
    const again = await trpc('oauth.callback', {
      provider: 'github',
      code: fakes.github.grant(person()),
      state,
    });
    expect(again.error.message).toBe('登录状态已失效，请重新登录');
    expect(again.error.data.appError.code).toBe('INVALID_INPUT');
  });

  it("oauth.callback in a browser that did not start the sign-in is refused (the attacker's callback page)", async () => {
    const attacker = browser();
    const victim = browser();
    const started = await attacker('oauth.authorizeUrl', { provider: 'github', ref: '' });
    const state = new URL(started.result.data.url).searchParams.get('state')!;
    const usersBefore = await User.countDocuments({});
    const answer = await victim('oauth.callback', {
      provider: 'github',
      code: fakes.github.grant(person('攻击者')),
      state,
    });
    expect(answer.error.message).toBe('登录状态已失效，请重新登录');
    expect(await User.countDocuments({})).toBe(usersBefore);
  });
});
