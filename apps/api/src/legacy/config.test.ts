import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteConfigKeys } from '@forum/contracts';
import { SysConfig } from '@forum/core';
import { buildAdmin, signedIn } from '@forum/core/testing';
import { call, form, trpcQuery } from '../test/client';
import { ownerToken, useTestApi } from '../test/harness';

const t = useTestApi();

describe('GET /api/config/configs', () => {
  it('answers the seeded configuration in the legacy envelope and key order', async () => {
    const { status, text } = await call(t, '/api/config/configs');
    expect(status).toBe(200);
    const body = JSON.parse(text);
    expect(Object.keys(body)).toEqual(['errorCode', 'message', 'data', 'success']);
    expect(body.success).toBe(true);
    expect(body.errorCode).toBe(0);
    expect(Object.keys(body.data)).toEqual(SiteConfigKeys);
    expect(body.data.siteTitle).toBe('语音社区');
    expect(body.data.siteNavs).toEqual([
      { title: '首页', url: '/' },
      { title: '话题', url: '/topics' },
      { title: '文章', url: '/articles' },
    ]);
    expect(body.data.tokenExpireDays).toBe(365);
  });

  it('seeds one sys_config row per key', async () => {
    const rows = await SysConfig.countDocuments({});
    expect(rows).toBe(SiteConfigKeys.length);
  });
});

describe('the sign-in methods the configuration advertises', () => {
  // Test files share a process: no provider another file configured may leak into this one.
  const providerEnv = /^(GITHUB|QQ|OSC)_/;
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const name of Object.keys(process.env).filter((key) => providerEnv.test(key))) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
  });
  afterAll(() => Object.assign(process.env, saved));

  it('leaves out GitHub and QQ, switched on by default but not configured, on both transports', async () => {
    const stored = (await SysConfig.findOne({ key: 'loginMethod' }).lean())!;
    expect(JSON.parse(stored.value!)).toMatchObject({ github: true, qq: true });
    const legacy = JSON.parse((await call(t, '/api/config/configs')).text).data;
    expect(legacy.loginMethod).toEqual({ password: true, qq: false, github: false, osc: false });
    const trpc = (await trpcQuery(t, 'config.get')).body.result.data;
    expect(trpc.loginMethod).toEqual({ password: true, qq: false, github: false, osc: false });
  });

  it('advertises GitHub once this process has its client id and secret', async () => {
    Object.assign(process.env, { GITHUB_CLIENT_ID: 'forum-client', GITHUB_CLIENT_SECRET: 'forum-secret' });
    try {
      const legacy = JSON.parse((await call(t, '/api/config/configs')).text).data;
      expect(legacy.loginMethod).toEqual({ password: true, qq: false, github: true, osc: false });
      const trpc = (await trpcQuery(t, 'config.get')).body.result.data;
      expect(trpc.loginMethod).toMatchObject({ github: true, qq: false });
    } finally {
      delete process.env.GITHUB_CLIENT_ID;
      delete process.env.GITHUB_CLIENT_SECRET;
    }
  });
});

describe('POST /api/admin/sys-config/save', () => {
  it('asks a visitor to sign in (errorCode 1)', async () => {
    const { text } = await call(t, '/api/admin/sys-config/save', form({ config: '{"siteTitle":"x"}' }));
    expect(JSON.parse(text)).toEqual({ errorCode: 1, message: '请先登录', data: null, success: false });
  });

  it('refuses a signed-in user who is not the owner (errorCode 2)', async () => {
    const { token } = await signedIn(buildAdmin());
    const { text } = await call(t, '/api/admin/sys-config/save', {
      ...form({ config: '{"siteTitle":"x"}' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-user-token': token },
    });
    expect(JSON.parse(text)).toEqual({ errorCode: 2, message: '无权限', data: null, success: false });
    const config = JSON.parse((await call(t, '/api/config/configs')).text).data;
    expect(config.siteTitle).toBe('语音社区');
  });

  it('lets the owner save, and the public endpoint shows the new values at once', async () => {
    const token = await ownerToken();
    const { text } = await call(t, '/api/admin/sys-config/save', {
      ...form({
        config: JSON.stringify({
          siteTitle: '语音研究社区',
          siteNavs: [{ title: '首页', url: '/' }],
          topicCaptcha: true,
        }),
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-user-token': token },
    });
    expect(JSON.parse(text)).toMatchObject({ errorCode: 0, success: true });
    const config = JSON.parse((await call(t, '/api/config/configs')).text).data;
    expect(config.siteTitle).toBe('语音研究社区');
    expect(config.siteNavs).toEqual([{ title: '首页', url: '/' }]);
    expect(config.topicCaptcha).toBe(true);
    const row = await SysConfig.findOne({ key: 'topicCaptcha' }).lean();
    expect(row?.value).toBe('true');
  });

  it.each([
    ['not JSON', 'siteTitle='],
    ['an array', '[1,2]'],
    ['a wrongly typed value', '{"siteTitle":42}'],
    ['an out-of-range token lifetime', '{"tokenExpireDays":0}'],
  ])('rejects %s with 配置数据格式错误 and changes nothing', async (_name, config) => {
    const token = await ownerToken();
    const before = JSON.parse((await call(t, '/api/config/configs')).text).data;
    const { text } = await call(t, '/api/admin/sys-config/save', {
      ...form({ config }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-user-token': token },
    });
    expect(JSON.parse(text)).toEqual({
      errorCode: 0,
      message: '配置数据格式错误',
      data: null,
      success: false,
    });
    const after = JSON.parse((await call(t, '/api/config/configs')).text).data;
    expect(after).toEqual(before);
  });

  it('does not take the token from a userToken form field (only the header or the cookie)', async () => {
    const token = await ownerToken();
    const { text } = await call(
      t,
      '/api/admin/sys-config/save',
      form({ userToken: token, config: '{"siteDescription":"新的描述"}' }),
    );
    expect(JSON.parse(text)).toMatchObject({ errorCode: 1, success: false });
  });

  it('parses multipart form bodies', async () => {
    const token = await ownerToken();
    const body = new FormData();
    body.set('config', '{"siteNotification":"<b>公告</b>"}');
    const { text } = await call(t, '/api/admin/sys-config/save', {
      method: 'POST',
      body,
      headers: { 'x-user-token': token },
    });
    expect(JSON.parse(text).success).toBe(true);
    const config = JSON.parse((await call(t, '/api/config/configs')).text).data;
    expect(config.siteNotification).toBe('<b>公告</b>');
  });
});

describe('unmatched routes', () => {
  it('answer 404 with the envelope and a readable message outside /api/admin', async () => {
    const { status, text } = await call(t, '/api/no/such/route');
    expect(status).toBe(404);
    expect(JSON.parse(text)).toEqual({
      errorCode: 404,
      message: '请求的接口不存在',
      data: null,
      success: false,
    });
  });

  it('answer the admin envelope under /api/admin', async () => {
    const { status, text } = await call(t, '/api/admin/no-such-thing');
    expect(status).toBe(404);
    expect(JSON.parse(text)).toEqual({ errorCode: 404, message: 'Http error', data: null, success: false });
  });
});
