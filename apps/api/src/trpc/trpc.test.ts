import { describe, expect, it } from 'vitest';
import { revokeToken } from '@forum/core';
import { buildAdmin, buildUser, signedIn } from '@forum/core/testing';
import { ownerToken, useTestApi } from '../test/harness';

const t = useTestApi();

async function trpcGet(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}/trpc/${path}`, { headers });
  return { status: response.status, body: (await response.json()) as any };
}

async function trpcPost(path: string, input: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.baseUrl}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(input),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('tRPC', () => {
  it('config.get returns the site configuration', async () => {
    const { status, body } = await trpcGet('config.get');
    expect(status).toBe(200);
    expect(body.result.data.siteTitle).toBe('语音社区');
  });

  it('user.current is null for a visitor', async () => {
    const { body } = await trpcGet('user.current');
    expect(body.result.data).toBeNull();
  });

  it('user.current resolves the user from X-User-Token or the userToken cookie', async () => {
    const { user, token } = await signedIn(buildUser({ nickname: '小明' }));
    const byHeader = await trpcGet('user.current', { 'x-user-token': token });
    expect(byHeader.body.result.data).toMatchObject({ id: user._id, nickname: '小明', forbidden: false });
    const byCookie = await trpcGet('user.current', { cookie: `theme=dark; userToken=${token}` });
    expect(byCookie.body.result.data.id).toBe(user._id);
  });

  it('never returns the password hash or e-mail of the current user', async () => {
    const { token } = await signedIn(buildUser({ email: 'a@example.com', passwordHash: 'secret-hash' }));
    const { body } = await trpcGet('user.current', { 'x-user-token': token });
    const text = JSON.stringify(body);
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('a@example.com');
  });

  it('a revoked token signs nobody in', async () => {
    const { token } = await signedIn(buildUser());
    await revokeToken(token);
    const { body } = await trpcGet('user.current', { 'x-user-token': token });
    expect(body.result.data).toBeNull();
  });

  it('batches several procedures in one request', async () => {
    const { body } = await trpcGet('config.get,user.current?batch=1&input=%7B%7D');
    expect(body).toHaveLength(2);
    expect(body[0].result.data.siteTitle).toBe('语音社区');
  });

  it('config.save needs a signed-in owner', async () => {
    const anonymous = await trpcPost('config.save', { siteTitle: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.data.appError).toEqual({ code: 'NOT_SIGNED_IN', message: '请先登录' });
    const { token } = await signedIn(buildAdmin());
    const admin = await trpcPost('config.save', { siteTitle: 'x' }, { 'x-user-token': token });
    expect(admin.status).toBe(403);
    expect(admin.body.error.data.appError.code).toBe('FORBIDDEN');
  });

  it('config.save by the owner changes what config.get returns', async () => {
    const token = await ownerToken();
    const saved = await trpcPost('config.save', { siteTitle: '新站名' }, { 'x-user-token': token });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.siteTitle).toBe('新站名');
    expect((await trpcGet('config.get')).body.result.data.siteTitle).toBe('新站名');
  });

  it('config.save rejects bad input with a clear error and changes nothing', async () => {
    const token = await ownerToken();
    const before = (await trpcGet('config.get')).body.result.data;
    const bad = await trpcPost('config.save', { tokenExpireDays: 'forever' }, { 'x-user-token': token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.appError.code).toBe('INVALID_INPUT');
    expect(bad.body.error.data.zodError.fieldErrors.tokenExpireDays).toBeDefined();
    expect((await trpcGet('config.get')).body.result.data).toEqual(before);
  });
});

describe('health', () => {
  it('/healthz and /readyz answer when Mongo and Redis are reachable', async () => {
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ mongo: true, redis: true, readModel: 'ready' });
  });
});
