import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThirdAccount, User, type UserDoc } from '@forum/core';
import {
  authorizeAt,
  callbackAt,
  startOAuthApi,
  startOidcProvider,
  type TestOidcProvider,
} from '../test/oauth-helpers';
import { call } from '../test/client';
import type { TestApi } from '../test/harness';

const BASE_URL = 'http://localhost:3000';
let t: TestApi;
let idp: TestOidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider(`${BASE_URL}/user/oidc/callback`, {
    alice: {
      name: '爱丽丝',
      preferred_username: 'alice',
      picture: 'https://idp.example/alice.png',
      email: 'alice@lab.example',
      email_verified: true,
    },
    bob: { preferred_username: 'bob', email: 'bob@lab.example', email_verified: false },
  });
  t = await startOAuthApi(BASE_URL, {
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: '实验室账号',
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** Authorize at our API, sign in at the provider, and hand what came back to our callback. */
async function signIn(accountId: string, { ref = '', forwardIss = false } = {}) {
  const { url, browser } = await authorizeAt(t, 'oidc', ref);
  const returned = await idp.signIn(url.href, accountId);
  const iss = forwardIss ? returned.get('iss')! : undefined;
  const started = { state: returned.get('state')!, browser };
  return { returned, browser, ...(await callbackAt(t, 'oidc', returned.get('code')!, started, iss)) };
}

describe('OpenID Connect sign-in', () => {
  it('authorize sends the browser to the issuer with PKCE, state and nonce', async () => {
    const { body } = await call(t, '/api/oidc/login/authorize');
    const url = new URL(body.data.url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${BASE_URL}/user/oidc/callback`);
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  it('the first sign-in creates a user from the ID token and userinfo, keeping the verified e-mail private', async () => {
    const { body, headers } = await signIn('alice', { ref: '/topic/9' });
    expect(body.success, body.message).toBe(true);
    expect(body.data.ref).toBe('/topic/9');
    expect(body.data.user).toMatchObject({
      nickname: '爱丽丝',
      avatar: 'https://idp.example/alice.png',
      username: '',
      email: 'alice@lab.example',
      emailVerified: true,
    });
    expect(headers.get('set-cookie')).toContain(`userToken=${body.data.token}`);

    const current = await call(t, '/trpc/users.current', { headers: { 'x-user-token': body.data.token } });
    expect(current.body.result.data).toMatchObject({ id: body.data.user.id, nickname: '爱丽丝' });

    const account = await ThirdAccount.findOne({
      provider: `oidc:${idp.issuer}`,
      providerUserId: 'alice',
    }).lean();
    expect(account).toMatchObject({ userId: body.data.user.id, email: 'alice@lab.example' });
    expect(account!.extraData).not.toContain('alice@lab.example');
  });

  it('a second sign-in (with the iss the provider sent) signs in the same user', async () => {
    const first = await signIn('alice');
    const second = await signIn('alice', { forwardIss: true });
    expect(second.returned.get('iss')).toBe(idp.issuer);
    expect(second.body.success, second.body.message).toBe(true);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    expect(await ThirdAccount.countDocuments({ providerUserId: 'alice' })).toBe(1);
  });

  it('an unverified e-mail is not kept, and preferred_username stands in for a missing name', async () => {
    const { body } = await signIn('bob');
    expect(body.data.user).toMatchObject({ nickname: 'bob', email: '', emailVerified: false });
    const user = await User.findById(body.data.user.id).lean<UserDoc>();
    expect(user?.email).toBe('');
    expect((await ThirdAccount.findOne({ providerUserId: 'bob' }).lean())?.email).toBe('');
  });

  it('a replayed callback is refused and a code from another sign-in is rejected by the provider', async () => {
    const started = await authorizeAt(t, 'oidc');
    const returned = await idp.signIn(started.url.href, 'alice');
    const first = { ...started, state: returned.get('state')! };
    expect((await callbackAt(t, 'oidc', returned.get('code')!, first)).body.success).toBe(true);
    expect((await callbackAt(t, 'oidc', returned.get('code')!, first)).body.message).toBe(
      '登录状态已失效，请重新登录',
    );

    // A fresh state, but a code that was already redeemed: the provider refuses it.
    const fresh = await authorizeAt(t, 'oidc', '', started.browser);
    const usersBefore = await User.countDocuments({});
    expect((await callbackAt(t, 'oidc', returned.get('code')!, fresh)).body).toEqual({
      errorCode: 0,
      message: '第三方登录失败，请稍后再试',
      data: null,
      success: false,
    });
    expect(await User.countDocuments({})).toBe(usersBefore);
  });

  it("a callback the browser did not start (another person's link) is refused and signs nobody in", async () => {
    const usersBefore = await User.countDocuments({});
    // The victim's browser: no sign-in cookie, or one of its own sign-ins.
    const victim = await authorizeAt(t, 'oidc');
    for (const browser of ['', victim.browser]) {
      // The attacker started a sign-in, and stopped at the provider's answer.
      const attacker = await authorizeAt(t, 'oidc');
      const returned = await idp.signIn(attacker.url.href, 'alice');
      const state = returned.get('state')!;
      const answer = await callbackAt(t, 'oidc', returned.get('code')!, { state, browser });
      expect(answer.body.message).toBe('登录状态已失效，请重新登录');
      expect(answer.headers.get('set-cookie') ?? '').not.toContain('userToken=');
    }
    expect(await User.countDocuments({})).toBe(usersBefore);
  });

  it('the tRPC provider list names the provider with OIDC_NAME', async () => {
    const { body } = await call(t, '/trpc/oauth.providers');
    expect(body.result.data).toContainEqual({ provider: 'oidc', name: '实验室账号' });
  });
});
