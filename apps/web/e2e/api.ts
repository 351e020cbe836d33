import { inject } from 'vitest';

/** Calls a tRPC procedure of the running site as the holder of `token` (or a visitor). */
export async function callTrpc<T>(
  kind: 'query' | 'mutation',
  procedure: string,
  input: unknown,
  token?: string,
): Promise<T> {
  const webUrl = inject('webUrl');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers['X-User-Token'] = token;
  const response =
    kind === 'query'
      ? await fetch(`${webUrl}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
          headers,
        })
      : await fetch(`${webUrl}/trpc/${procedure}`, { method: 'POST', headers, body: JSON.stringify(input) });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${procedure} failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

/** The digits of a captcha, read where the stack's API keeps them. */
export async function captchaDigits(captchaId: string): Promise<string> {
  const { createRedis } = await import('@forum/core');
  const redis = createRedis(inject('redisUrl'));
  try {
    const digits = await redis.get(`${inject('redisPrefix')}captcha:${captchaId}`);
    if (!digits) throw new Error(`no captcha ${captchaId} in Redis`);
    return digits;
  } finally {
    redis.disconnect();
  }
}

export interface Account {
  id: number;
  nickname: string;
  token: string;
}

/** An account signed up through the API as the sign-up form does, the captcha answered. */
export async function signUpByApi(
  nickname: string,
  email = `${Math.random().toString(36).slice(2, 8)}@example.com`,
): Promise<Account> {
  const { captchaId } = await callTrpc<{ captchaId: string }>('mutation', 'users.captcha', {});
  const response = await fetch(`${inject('webUrl')}/trpc/users.signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      captchaId,
      captchaCode: await captchaDigits(captchaId),
      nickname,
      email,
      password: 'secret-123',
      rePassword: 'secret-123',
    }),
  });
  const body = (await response.json()) as { result?: { data: { user: { id: number } } }; error?: unknown };
  if (!body.result) throw new Error(`users.signup failed: ${JSON.stringify(body.error)}`);
  // The answer carries the token only in the HttpOnly cookie, as for the browser.
  const token = tokenOfSetCookie(response.headers);
  if (!token) throw new Error('users.signup set no userToken cookie');
  return { id: body.result.data.user.id, nickname, token };
}

/** The token an answer set in the `userToken` cookie, or null. */
export function tokenOfSetCookie(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const match = /^userToken=([^;]+)/.exec(line);
    if (match) return decodeURIComponent(match[1]!);
  }
  return null;
}

/**
 * The suite signs up from one address, near the API's hourly sign-up limit: a file that signs up
 * takes this before and calls what it returns afterwards, giving its sign-ups back.
 */
export async function keepSignUpCounts(): Promise<() => Promise<void>> {
  const { createRedis } = await import('@forum/core');
  const pattern = `${inject('redisPrefix')}rate:signup:*`;
  const redis = createRedis(inject('redisUrl'));
  const counts = async () => {
    const keys = await redis.keys(pattern);
    return new Map(await Promise.all(keys.map(async (key) => [key, Number(await redis.get(key))] as const)));
  };
  const before = await counts();
  return async () => {
    try {
      for (const [key, count] of await counts()) {
        const added = count - (before.get(key) ?? 0);
        if (added > 0) await redis.decrby(key, added);
      }
    } finally {
      redis.disconnect();
    }
  };
}

/** A topic (not a tweet) in the default node, posted through the API as `token`'s holder; its id. */
export async function postTopicByApi(token: string, title: string, content = '正文'): Promise<number> {
  const topic = await callTrpc<{ id: number }>(
    'mutation',
    'topics.create',
    { type: 0, nodeId: 0, title, content },
    token,
  );
  return topic.id;
}
