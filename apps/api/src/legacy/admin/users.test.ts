/**
 * The owner's account tools (docs/legacy-api.md §2.2): `POST /api/admin/user/create` with sign-up's
 * checks, and a username or password set in `user/update`; the same on tRPC, where admins may
 * edit people but never their sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperateLog } from '@forum/core';
import { buildAdmin, buildUser, signedIn, waitFor } from '@forum/core/testing';
import { startTestWorker, type RunningWorker } from '../../test/worker';
import { legacyGet, legacyPost, refusalsOf, trpcMutation } from '../../test/client';
import { ownerToken, siteOwner, useTestApi } from '../../test/harness';
import { signInVia } from '../../test/accounts-helpers';

const t = useTestApi();
let worker: RunningWorker;
let owner: string;
let ownerId: number;
let sequence = 0;

beforeAll(async () => {
  // The maintenance queue writes the creation's operation-log row.
  worker = await startTestWorker(t, 'maintenance');
  owner = await ownerToken();
  ownerId = (await siteOwner())._id;
});
afterAll(async () => {
  await worker.close();
});

const fresh = () => {
  sequence += 1;
  const tag = `${Date.now().toString(36).slice(-4)}${sequence}`;
  return { username: `made${tag}`, email: `made${tag}@example.com`, nickname: `新人${tag}` };
};

describe('POST /api/admin/user/create', () => {
  it('the owner creates an account that signs in, and the log names the owner', async () => {
    const account = fresh();
    const body = await legacyPost(t, '/api/admin/user/create', { ...account, password: 'secret-123' }, owner);
    expect(body).toMatchObject({ success: true, data: { ...account, roles: [], passwordSet: true } });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
    const id = (body.data as { id: number }).id;

    expect((await signInVia(t, { username: account.username, password: 'secret-123' })).body).toMatchObject({
      success: true,
    });
    const row = await waitFor(
      'the creation in the operation log',
      async () => (await OperateLog.findOne({ dataType: 'user', dataId: id }).lean()) ?? undefined,
    );
    expect(row).toMatchObject({ userId: ownerId, opType: 'create', description: '管理员创建用户' });
  });

  it('refuses with sign-up’s texts', async () => {
    const taken = fresh();
    await legacyPost(t, '/api/admin/user/create', { ...taken, password: 'secret-123' }, owner);
    const cases: [Record<string, string>, string][] = [
      [{ ...fresh(), nickname: '', password: 'secret-123' }, '昵称不能为空'],
      [{ ...fresh(), password: '' }, '请输入密码'],
      [{ ...fresh(), password: '12345' }, '密码过于简单'],
      [{ ...fresh(), email: '', password: 'secret-123' }, '请输入邮箱'],
      [{ ...fresh(), email: 'not-an-address', password: 'secret-123' }, '邮箱格式不符合规范'],
      [{ ...fresh(), email: taken.email, password: 'secret-123' }, `邮箱：${taken.email} 已被占用`],
      [
        { ...fresh(), username: '1abc', password: 'secret-123' },
        '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头',
      ],
      [
        { ...fresh(), username: taken.username, password: 'secret-123' },
        `用户名：${taken.username} 已被占用`,
      ],
    ];
    expect(await refusalsOf(t, '/api/admin/user/create', cases, owner)).toEqual(cases);
  });
});

describe('POST /api/admin/user/update with a username or password', () => {
  it('sets a new username and password; the old password and the user’s sessions stop working', async () => {
    const { user, token } = await signedIn(buildUser({ email: `${fresh().email}` }));
    const renamed = fresh().username;
    const body = await legacyPost(
      t,
      '/api/admin/user/update',
      { id: user._id, username: renamed, password: 'reset-456' },
      owner,
    );
    expect(body).toMatchObject({
      success: true,
      data: { id: user._id, username: renamed, passwordSet: true },
    });

    expect((await signInVia(t, { username: renamed, password: 'reset-456' })).body).toMatchObject({
      success: true,
    });
    expect((await signInVia(t, { username: renamed, password: 'wrong-password' })).body).toMatchObject({
      success: false,
    });
    expect((await legacyGet(t, '/api/user/current', {}, token)).data).toBeNull();
    const log = await OperateLog.findOne({ dataType: 'user', dataId: user._id, userId: ownerId }).lean();
    expect(log?.description).toBe('修改用户：用户名、密码');
  });

  it('blank username and password change nothing; bad ones are refused with their texts', async () => {
    const user = await buildUser();
    const other = await buildUser();
    expect(
      await legacyPost(t, '/api/admin/user/update', { id: user._id, username: '', password: '' }, owner),
    ).toMatchObject({ success: true, data: { username: user.username } });
    const cases: [Record<string, string | number>, string][] = [
      [{ id: user._id, username: other.username! }, `用户名：${other.username} 已被占用`],
      [{ id: user._id, username: 'x' }, '用户名必须由5-12位(数字、字母、_、-)组成，且必须以字母开头'],
      [{ id: user._id, password: '123' }, '密码过于简单'],
      [{ id: 999_999_999, nickname: '无人' }, '用户不存在'],
    ];
    expect(await refusalsOf(t, '/api/admin/user/update', cases, owner)).toEqual(cases);
  });
});

describe('tRPC adminUsers.create and adminUsers.update', () => {
  it('the owner creates; an admin edits a nickname but not a username or password', async () => {
    const account = fresh();
    const created = await trpcMutation(t, 'adminUsers.create', { ...account, password: 'secret-123' }, owner);
    expect(created.body.result?.data).toMatchObject({ ...account, passwordSet: true });
    const id = (created.body.result!.data as { id: number }).id;

    const admin = (await signedIn(buildAdmin())).token;
    expect(
      (await trpcMutation(t, 'adminUsers.create', { ...fresh(), password: 'secret-123' }, admin)).status,
    ).toBe(403);
    expect((await trpcMutation(t, 'adminUsers.update', { id, nickname: '改名了' }, admin)).status).toBe(200);
    for (const change of [{ username: fresh().username }, { password: 'admin-set-1' }]) {
      const refused = await trpcMutation(t, 'adminUsers.update', { id, ...change }, admin);
      expect({ status: refused.status, message: refused.body.error?.message }).toEqual({
        status: 403,
        message: '无权限',
      });
    }
    expect((await signInVia(t, { username: account.username, password: 'secret-123' })).body).toMatchObject({
      success: true,
    });
  });
});
