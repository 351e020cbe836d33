import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import express from 'express';
import { addForbiddenWord, configureSite, issueToken, User, type UserDoc } from '@forum/core';
import { redactRequest, redactResponse } from './log-redaction';
import { buildTopic, buildUser, contextFor, defaultNode, signedIn } from '@forum/core/testing';
import { createApp } from '../app';
import { legacyGet, legacyPost, trpcMutation, trpcQuery } from '../test/client';
import { ownerToken, siteOwner, useTestApi } from '../test/harness';
import { resetRateLimits, signInVia, signUpForm, signUpVia, testRedis } from '../test/accounts-helpers';

// A proxy that is not this test: requests from here are a direct client's, whatever they claim.
const t = useTestApi({ TRUST_PROXY: '10.9.8.7' });
let nodeId: number;
beforeAll(async () => {
  nodeId = (await defaultNode())._id;
});

const currentUser = async (headers: Record<string, string>, query = '') =>
  (await (await fetch(`${t.baseUrl}/api/user/current${query}`, { headers })).json()) as {
    data: { id: number } | null;
  };

describe('where a token is read', () => {
  it('signs in by the X-User-Token header or the userToken cookie, never by the query string or a form field', async () => {
    const { user, token } = await signedIn(buildUser());
    expect((await currentUser({ 'x-user-token': token })).data?.id).toBe(user._id);
    expect((await currentUser({ cookie: `userToken=${token}` })).data?.id).toBe(user._id);
    expect((await currentUser({}, `?userToken=${token}`)).data).toBeNull();
    const byForm = await legacyPost(t, '/api/user/set/username', { userToken: token, username: 'formtoken' });
    expect(byForm.errorCode).toBe(1);
    const trpc = await fetch(`${t.baseUrl}/trpc/users.current?userToken=${token}`);
    expect(((await trpc.json()) as { result: { data: unknown } }).result.data).toBeNull();
  });

  it('keeps the userToken query parameter of the legacy sign-out, and only there', async () => {
    const { token } = await signedIn(buildUser());
    expect((await legacyGet(t, '/api/login/signout', { userToken: token })).success).toBe(true);
    expect((await currentUser({ 'x-user-token': token })).data).toBeNull();
  });
});

describe('cross-site requests with the cookie', () => {
  const cookie = (token: string) => ({ cookie: `userToken=${token}` });

  it('refuses a cross-site post authenticated by the cookie, on /api and on /trpc, and changes nothing', async () => {
    const { user, token } = await signedIn(buildUser());
    const evil = {
      ...cookie(token),
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    };
    const legacy = await fetch(`${t.baseUrl}/api/user/set/username`, {
      method: 'POST',
      headers: evil,
      body: 'username=csrfvictim',
    });
    expect(legacy.status).toBe(403);
    expect(await legacy.json()).toEqual({
      errorCode: 0,
      message: '请求来源不被允许',
      data: null,
      success: false,
    });
    const trpc = await fetch(`${t.baseUrl}/trpc/users.setUsername`, {
      method: 'POST',
      headers: { ...cookie(token), 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'csrfvictim' }),
    });
    expect(trpc.status).toBe(403);
    expect((await User.findById(user._id).lean<UserDoc>())!.username).toBe(user.username);
  });

  it('lets our own pages post with the cookie, and API clients with the header from anywhere', async () => {
    const edit = async (userId: number, headers: Record<string, string>, nickname: string) => {
      const response = await fetch(`${t.baseUrl}/api/user/edit/${userId}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ nickname, homePage: '', description: '' }).toString(),
      });
      return response.json();
    };
    const mine = await signedIn(buildUser());
    expect(await edit(mine.user._id, { ...cookie(mine.token), origin: t.baseUrl }, '自己页面')).toMatchObject(
      {
        success: true,
      },
    );
    const client = await signedIn(buildUser());
    const fromClient = { 'x-user-token': client.token, origin: 'https://client.example' };
    expect(await edit(client.user._id, fromClient, '别的客户端')).toMatchObject({ success: true });
  });

  it('does not let a cross-site link add a favourite or sign the reader out; the POSTs beside them work', async () => {
    const { user, token } = await signedIn(buildUser());
    const topic = await buildTopic({ userId: user._id, nodeId });
    const link = { ...cookie(token), 'sec-fetch-site': 'cross-site' };
    expect((await fetch(`${t.baseUrl}/api/topic/favorite/${topic._id}`, { headers: link })).status).toBe(403);
    // A link carries no Origin, and a strict referrer policy drops Referer: no evidence is no pass.
    expect((await fetch(`${t.baseUrl}/api/login/signout`, { headers: cookie(token) })).status).toBe(403);
    const favorited = await legacyGet(
      t,
      '/api/favorite/favorited',
      { entityType: 'topic', entityId: topic._id },
      token,
    );
    expect(favorited.data).toEqual({ favorited: false });
    expect((await currentUser(cookie(token))).data?.id).toBe(user._id);

    const sameSite = { ...cookie(token), referer: `${t.baseUrl}/topic/${topic._id}` };
    expect(
      (
        (await (
          await fetch(`${t.baseUrl}/api/topic/favorite/${topic._id}`, { headers: sameSite })
        ).json()) as { success: boolean }
      ).success,
    ).toBe(true);
    expect((await legacyPost(t, `/api/topic/favorite/${topic._id}`, {}, token)).success).toBe(true);
    expect((await legacyPost(t, '/api/login/signout', {}, token)).success).toBe(true);
    expect((await currentUser({ 'x-user-token': token })).data).toBeNull();
  });
});

describe('request bodies', () => {
  it('refuses a form body over 2 MB with 413 and the envelope, on /api and /trpc alike', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const legacy = await fetch(`${t.baseUrl}/api/login/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${big}`,
    });
    expect(legacy.status).toBe(413);
    expect(await legacy.json()).toEqual({
      errorCode: 0,
      message: '请求数据过大',
      data: null,
      success: false,
    });
    const trpc = await fetch(`${t.baseUrl}/trpc/users.signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: big, password: 'x' }),
    });
    expect(trpc.status).toBe(413);
  });

  it('stops a chunked /trpc body without a length at the same limit', async () => {
    let sent = 0;
    const chunks = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 40) controller.enqueue(new TextEncoder().encode('x'.repeat(100_000)));
        else controller.close();
      },
    });
    const response = await fetch(`${t.baseUrl}/trpc/users.signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe('请求数据过大');
  });

  it('takes at most 64 fields in a form, urlencoded or multipart', async () => {
    const { token } = await signedIn(buildUser());
    const names = (count: number) => Array.from({ length: count }, (_, index) => `f${index}`);
    const multipart = (count: number) => {
      const body = new FormData();
      for (const name of names(count)) body.append(name, '1');
      return body;
    };
    const urlencoded = (count: number) =>
      new URLSearchParams(names(count).map((name): [string, string] => [name, '1']));
    for (const body of [multipart, urlencoded]) {
      const post = (count: number) =>
        fetch(`${t.baseUrl}/api/topic/create`, {
          method: 'POST',
          headers: { 'x-user-token': token },
          body: body(count),
        });
      // 64 fields reach the handler (which asks for a title), 65 do not.
      expect(await (await post(64)).json()).toMatchObject({
        success: false,
        message: expect.not.stringMatching('请求数据'),
      });
      const refused = await post(65);
      expect(refused.status).toBe(413);
      expect(((await refused.json()) as { message: string }).message).toBe('请求数据过大');
    }
  });

  it('refuses a gzip body (20 MB once inflated) before reading it', async () => {
    const bomb = gzipSync(Buffer.from(`username=${'a'.repeat(20 * 1024 * 1024)}`));
    expect(bomb.length).toBeLessThan(100 * 1024);
    for (const path of ['/api/login/signin', '/trpc/users.signin']) {
      const response = await fetch(`${t.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
        body: bomb,
      });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { message: string }).message).toBe('不支持压缩或未知编码的请求数据');
    }
  });

  it('answers malformed multipart and JSON as malformed (400), never as a server error', async () => {
    const { token } = await signedIn(buildUser());
    const noBoundary = await fetch(`${t.baseUrl}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data', 'x-user-token': token },
      body: 'garbage',
    });
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toEqual({
      errorCode: 0,
      message: '请求数据格式错误',
      data: null,
      success: false,
    });
    const cutShort = await fetch(`${t.baseUrl}/api/topic/create`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', 'x-user-token': token },
      body: '--XYZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello',
    });
    expect(cutShort.status).toBe(400);
    const badJson = await fetch(`${t.baseUrl}/trpc/users.signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ error: { message: '请求数据格式错误' } });
  });
});

describe('errors outside the routes', () => {
  it('answers a path escaping /uploads with a bare status, no stack trace and no path on disk', async () => {
    for (const path of [
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%E0%A4%A',
      '/uploads/no-such-file.png',
    ]) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text).not.toMatch(/at \w|\/work\/|node_modules|Error:/);
      expect(text.length).toBeLessThan(40);
    }
  });
});

describe('the API trusts forwarded addresses only from the proxies it is told about', () => {
  it('counts sign-ins with 50 different X-Forwarded-For values from one unlisted peer as one address', async () => {
    await resetRateLimits(t);
    const messages: string[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await fetch(`${t.baseUrl}/api/login/signin`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `203.0.113.${i + 1}`,
        },
        body: 'username=nobody&password=wrong',
      });
      messages.push(((await response.json()) as { message: string }).message);
    }
    expect(messages.filter((text) => text === '操作过于频繁，请稍后再试')).toHaveLength(40);
    await resetRateLimits(t);
  });
});

describe('access logs', () => {
  it('redact the token in the header, the cookie, the URL and the Set-Cookie of the answer', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }),
    );
    const { pinoHttp } = await import('pino-http');
    const app = express();
    app.use(pinoHttp({ logger: log, serializers: { req: redactRequest, res: redactResponse } }));
    app.get('/api/login/signout', (_req, res) => {
      res.cookie('userToken', 'secret-in-set-cookie', { httpOnly: true, path: '/' });
      res.cookie('theme', 'light');
      res.send('ok');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    await fetch(`http://127.0.0.1:${port}/api/login/signout?userToken=secret-in-url&page=2`, {
      headers: { 'x-user-token': 'secret-in-header', cookie: 'theme=dark; userToken=secret-in-cookie' },
    });
    server.close();
    const text = lines.join('\n');
    expect(text).toContain('request completed');
    expect(text).not.toMatch(/secret-in-(url|header|cookie|set-cookie)/);
    expect(text).toContain('userToken=[redacted]; Path=/; HttpOnly');
    expect(text).toContain('theme=light');
    expect(text).toContain('theme=dark');
    expect(text).toContain('page=2');
  });

  it('log malformed multipart from clients at info at most, without a stack', async () => {
    const lines: { level: number; msg?: string; err?: unknown }[] = [];
    const log = pino(
      { level: 'debug' },
      new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) }),
    );
    const { app } = createApp({ config: t.config, log, redis: testRedis() });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const { token } = await signedIn(buildUser());
    const part = (name: string, value: string, file = '') =>
      `--B\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\n${value}\r\n`;
    const bodies = [
      'garbage',
      `${part('title', 'x')}--B`,
      `--B\r\nContent-Disposition: form-data; name="title"\r\n\r\ncut`,
      `${part('x'.repeat(200), 'long name')}--B--\r\n`,
      `${Array.from({ length: 1001 }, (_, index) => part(`f${index}`, '1')).join('')}--B--\r\n`,
      `${part('image', 'a', 'a.png')}${part('image', 'b', 'b.png')}--B--\r\n`,
    ];
    try {
      for (const path of ['/api/upload', '/api/topic/create', '/api/no-such-route']) {
        for (const body of bodies) {
          const response = await fetch(`${url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'multipart/form-data; boundary=B', 'x-user-token': token },
            body,
          });
          expect(response.status, `${path} ${body.slice(0, 60)}`).toBeLessThan(500);
        }
      }
    } finally {
      server.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    // pino's levels: 30 info, 40 warn, 50 error.
    expect(lines.filter((line) => line.level > 30)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });
});

describe('the session cookie', () => {
  it('is Secure when BASE_URL is https, though the request reached the API over http without TRUSTED_PROXIES', async () => {
    const signIn = async () => {
      await resetRateLimits(t);
      const form = signUpForm();
      const response = await signUpVia(t, form);
      return response.headers.get('set-cookie') ?? '';
    };
    expect(await signIn()).not.toMatch(/;\s*Secure/i);
    configureSite({ baseUrl: 'https://forum.example' });
    try {
      expect(await signIn()).toMatch(/userToken=[^;]+;.*;\s*Secure/i);
    } finally {
      configureSite({ baseUrl: t.config.BASE_URL });
    }
  });
});

describe('sessions', () => {
  async function signedInTwice(): Promise<{ user: UserDoc; here: string; elsewhere: string }> {
    const { user, token: here } = await signedIn(buildUser({ passwordHash: '' }));
    const { token: elsewhere } = await issueToken(user._id, 7);
    return { user, here, elsewhere };
  }

  it('changing the e-mail signs out every other session and keeps this one', async () => {
    const { user, here, elsewhere } = await signedInTwice();
    const changed = await legacyPost(
      t,
      '/api/user/set/email',
      { email: `moved${user._id}@example.com` },
      here,
    );
    expect(changed.success).toBe(true);
    expect((await currentUser({ 'x-user-token': here })).data?.id).toBe(user._id);
    expect((await currentUser({ 'x-user-token': elsewhere })).data).toBeNull();
  });

  it('changing the password signs out every other session (tRPC) and keeps this one', async () => {
    const { user, here, elsewhere } = await signedInTwice();
    expect(
      (
        await trpcMutation(
          t,
          'users.setPassword',
          { password: 'first-pass1', rePassword: 'first-pass1' },
          here,
        )
      ).status,
    ).toBe(200);
    const other = await issueToken(user._id, 7);
    const update = await trpcMutation(
      t,
      'users.updatePassword',
      { oldPassword: 'first-pass1', password: 'second-pass2', rePassword: 'second-pass2' },
      here,
    );
    expect(update.status).toBe(200);
    expect((await trpcQuery(t, 'users.current', undefined, here)).body.result?.data).toMatchObject({
      id: user._id,
    });
    for (const token of [elsewhere, other.token]) {
      expect((await trpcQuery(t, 'users.current', undefined, token)).body.result?.data).toBeNull();
    }
  });

  it('退出所有设备 ends every session, this one included', async () => {
    const { here, elsewhere } = await signedInTwice();
    expect((await trpcMutation(t, 'users.signOutEverywhere', undefined, here)).status).toBe(200);
    for (const token of [here, elsewhere])
      expect((await currentUser({ 'x-user-token': token })).data).toBeNull();
  });
});

describe('the legacy sign-in ref', () => {
  it.each([
    ['/topic/1?x=1', '/topic/1?x=1'],
    ['https://evil.example/steal', ''],
    ['//evil.example/steal', ''],
    ['/\\evil.example', ''],
    ['javascript:alert(1)', ''],
  ])('answers ref %j as %j', async (ref, answered) => {
    await resetRateLimits(t);
    const form = signUpForm();
    await signUpVia(t, form);
    const answer = await signInVia(t, {
      username: form.username!,
      password: form.password!,
      ref,
    });
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.ref).toBe(answered);
  });
});

describe('forbidden words', () => {
  it('apply to comments, articles and profiles too', async () => {
    await addForbiddenWord(contextFor(await siteOwner()), { word: 'BadWord' });
    const { user, token } = await signedIn(buildUser());
    const topic = await buildTopic({ userId: user._id, nodeId });
    const refused = { errorCode: 0, message: '内容包含违禁词：BadWord', data: null, success: false };
    expect(
      await legacyPost(
        t,
        '/api/comment/create',
        { entityType: 'topic', entityId: topic._id, content: '这是 badword' },
        token,
      ),
    ).toEqual(refused);
    expect(
      await legacyPost(t, '/api/article/create', { title: '标题', content: '正文 BADWORD', tags: '' }, token),
    ).toEqual(refused);
    expect(
      await legacyPost(
        t,
        `/api/user/edit/${user._id}`,
        { nickname: '好人', description: '我是badword', homePage: '' },
        token,
      ),
    ).toEqual(refused);
  });
});

describe('links the owner sets', () => {
  it('takes a node logo that is a path of the site or an http(s) address, never javascript:', async () => {
    const owner = await ownerToken();
    const create = (logo: string) =>
      legacyPost(t, '/api/admin/topic-node/create', { name: `节点${Math.random()}`, logo }, owner);
    for (const logo of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
    ]) {
      expect(await create(logo), logo).toMatchObject({
        success: false,
        message: '节点图标只能是站内路径或 http(s) 地址',
      });
    }
    for (const logo of ['', '/uploads/images/a.png', 'https://cdn.example/a.png']) {
      expect(await create(logo), logo).toMatchObject({ success: true, data: { logo } });
    }
  });

  it('takes navigation links that are a path of the site or an http(s) address, never /\\host', async () => {
    const owner = await ownerToken();
    const save = (url: string) =>
      legacyPost(
        t,
        '/api/admin/sys-config/save',
        { config: JSON.stringify({ siteNavs: [{ title: '链接', url }] }) },
        owner,
      );
    for (const url of ['/\\evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\tx']) {
      expect(await save(url), url).toMatchObject({ success: false });
    }
    for (const url of ['/topics', 'https://example.org/x']) {
      expect(await save(url), url).toMatchObject({ success: true });
    }
  });
});
