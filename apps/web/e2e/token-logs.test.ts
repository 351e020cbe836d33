/**
 * No session token reaches a log: on a stack of its own that writes the access log (LOG_LEVEL
 * info), accounts sign in over both transports on both ports, use their tokens in every way a
 * client may, and the whole output of the API, the worker and the web server is searched for them.
 */
import { createRedis } from '@forum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenOfSetCookie } from './api';
import { startStack, type Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ keepOutput: true, logLevel: 'info' });
});
afterAll(async () => {
  await stack?.stop();
});

async function captchaOf(captchaId: string): Promise<string> {
  const redis = createRedis(process.env.REDIS_URL!);
  try {
    const digits = await redis.get(`${stack.redisPrefix}captcha:${captchaId}`);
    if (!digits) throw new Error(`no captcha ${captchaId}`);
    return digits;
  } finally {
    redis.disconnect();
  }
}

async function legacyCaptcha(base: string) {
  const { data } = (await (await fetch(`${base}/api/captcha/request`)).json()) as {
    data: { captchaId: string };
  };
  return { captchaId: data.captchaId, captchaCode: await captchaOf(data.captchaId) };
}

async function trpcCaptcha(base: string) {
  const response = await fetch(`${base}/trpc/users.captcha`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const { captchaId } = ((await response.json()) as { result: { data: { captchaId: string } } }).result.data;
  return { captchaId, captchaCode: await captchaOf(captchaId) };
}

/** Signs in with the legacy form: the token of the answer's body, which must be the cookie's. */
async function legacySignIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/login/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...(await legacyCaptcha(base)),
      username,
      password: 'secret-123',
    }).toString(),
  });
  const body = (await response.json()) as { success: boolean; data: { token: string } };
  expect(body.success).toBe(true);
  expect(tokenOfSetCookie(response.headers)).toBe(body.data.token);
  return body.data.token;
}

/** Signs in over tRPC: the token is in the cookie alone. */
async function trpcSignIn(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/trpc/users.signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(await trpcCaptcha(base)), username, password: 'secret-123' }),
  });
  expect(response.status).toBe(200);
  const token = tokenOfSetCookie(response.headers);
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  return token!;
}

describe('session tokens and the logs', () => {
  it('never appear in the output of any process, whichever way they were issued or used', async () => {
    const { webUrl, apiUrl } = stack;
    const email = `logs${Date.now()}@example.com`;
    const signUp = await fetch(`${webUrl}/trpc/users.signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(await trpcCaptcha(webUrl)),
        nickname: '日志读者',
        email,
        password: 'secret-123',
        rePassword: 'secret-123',
      }),
    });
    const tokens = [tokenOfSetCookie(signUp.headers)!];
    for (const base of [apiUrl, webUrl]) {
      tokens.push(await legacySignIn(base, email));
      tokens.push(await trpcSignIn(base, email));
    }
    expect(new Set(tokens).size).toBe(5);

    // Each token used as clients use it: the header, the cookie, a page, and the legacy sign-out's
    // query string (the one place a token may still be in a URL).
    const marker = `marker${Date.now()}`;
    for (const token of tokens) {
      for (const base of [apiUrl, webUrl]) {
        await (
          await fetch(`${base}/api/user/current?${marker}`, { headers: { 'x-user-token': token } })
        ).text();
        await (
          await fetch(`${base}/trpc/users.current?${marker}`, { headers: { cookie: `userToken=${token}` } })
        ).text();
      }
      await (
        await fetch(`${webUrl}/user/profile?${marker}`, { headers: { cookie: `userToken=${token}` } })
      ).text();
    }
    await (await fetch(`${webUrl}/api/login/signout?userToken=${tokens[0]}&${marker}`)).text();

    // The access log has caught up once the last request is in it.
    await expect
      .poll(() => stack.output().includes(`/api/login/signout?userToken=[redacted]&${marker}`), {
        timeout: 10_000,
      })
      .toBe(true);
    const output = stack.output();
    // The log is there to search: the 31 requests above that reach the API (captchas, sign-ups and
    // sign-ins, the 20 uses, the sign-out; the pages' own queries run in the web server's process
    // and are no HTTP requests), sign-ins with their (redacted) Set-Cookie among them.
    expect(output.match(/request completed/g)?.length).toBeGreaterThanOrEqual(31);
    expect(output).toMatch(/"set-cookie":\s*\[?"userToken=\[redacted\]/);
    for (const token of tokens)
      expect(output.includes(token), `token ${tokens.indexOf(token)} in the logs`).toBe(false);
  });
});
