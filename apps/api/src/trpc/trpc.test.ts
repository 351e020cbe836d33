import { describe, expect, it } from 'vitest';
import { revokeToken } from '@forum/core';
import { buildAdmin, buildUser, signedIn } from '@forum/core/testing';
import { trpcMutation, trpcQuery } from '../test/client';
import { ownerToken, useTestApi } from '../test/harness';

const t = useTestApi();

describe('tRPC', () => {
  it('config.get returns the site configuration', async () => {
    const { status, body } = await trpcQuery(t, 'config.get');
    expect(status).toBe(200);
    expect(body.result.data.siteTitle).toBe('语音社区');
  });

  it('users.current is null for a visitor', async () => {
    const { body } = await trpcQuery(t, 'users.current');
    expect(body.result.data).toBeNull();
  });

  it('users.current resolves the user from X-User-Token or the userToken cookie', async () => {
    const { user, token } = await signedIn(buildUser({ nickname: '小明' }));
    const byHeader = await trpcQuery(t, 'users.current', undefined, { 'x-user-token': token });
    expect(byHeader.body.result.data).toMatchObject({ id: user._id, nickname: '小明', forbidden: false });
    const byCookie = await trpcQuery(t, 'users.current', undefined, {
      cookie: `theme=dark; userToken=${token}`,
    });
    expect(byCookie.body.result.data.id).toBe(user._id);
  });

  it('never returns the password hash or e-mail of the current user', async () => {
    const { token } = await signedIn(buildUser({ email: 'a@example.com', passwordHash: 'secret-hash' }));
    const { body } = await trpcQuery(t, 'users.current', undefined, { 'x-user-token': token });
    const text = JSON.stringify(body);
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('a@example.com');
  });

  it('a revoked token signs nobody in', async () => {
    const { token } = await signedIn(buildUser());
    await revokeToken(token);
    const { body } = await trpcQuery(t, 'users.current', undefined, { 'x-user-token': token });
    expect(body.result.data).toBeNull();
  });

  it('batches several procedures in one request', async () => {
    const { body } = await trpcQuery(t, 'config.get,users.current?batch=1&input=%7B%7D');
    expect(body).toHaveLength(2);
    expect(body[0].result.data.siteTitle).toBe('语音社区');
  });

  it('config.save needs a signed-in owner', async () => {
    const anonymous = await trpcMutation(t, 'config.save', { siteTitle: 'x' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.data.appError).toEqual({ code: 'NOT_SIGNED_IN', message: '请先登录' });
    const { token } = await signedIn(buildAdmin());
    const admin = await trpcMutation(t, 'config.save', { siteTitle: 'x' }, { 'x-user-token': token });
    expect(admin.status).toBe(403);
    expect(admin.body.error.data.appError.code).toBe('FORBIDDEN');
  });

  it('config.save by the owner changes what config.get returns', async () => {
    const token = await ownerToken();
    const saved = await trpcMutation(t, 'config.save', { siteTitle: '新站名' }, { 'x-user-token': token });
    expect(saved.status).toBe(200);
    expect(saved.body.result.data.siteTitle).toBe('新站名');
    expect((await trpcQuery(t, 'config.get')).body.result.data.siteTitle).toBe('新站名');
  });

  it('config.save rejects bad input with a clear error and changes nothing', async () => {
    const token = await ownerToken();
    const before = (await trpcQuery(t, 'config.get')).body.result.data;
    const bad = await trpcMutation(
      t,
      'config.save',
      { tokenExpireDays: 'forever' },
      { 'x-user-token': token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.data.appError.code).toBe('INVALID_INPUT');
    expect(bad.body.error.data.zodError.fieldErrors.tokenExpireDays).toBeDefined();
    expect((await trpcQuery(t, 'config.get')).body.result.data).toEqual(before);
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
