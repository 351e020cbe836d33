/**
 * Calls every configuration endpoint and procedure of the admin console (the table in
 * `test/admin-config-cases.ts`) as a visitor, a user, a muted user, an admin and the owner, and
 * checks who gets through: the legacy layer answers 1 请先登录 / 2 无权限, tRPC 401 / 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForbiddenWord,
  createLink,
  createNode,
  createProject,
  createTag,
  SysConfig,
  User,
  type UserDoc,
} from '@forum/core';
import {
  ROLES,
  adminConfigCases,
  type AdminConfigCase,
  type Fixtures,
  type Role,
} from './test/admin-config-cases';
import { legacyGet, legacyPost, trpcMutation, trpcQuery } from './test/follows-helpers';
import { makeUser, ownerToken, startTestApi, type TestApi } from './test/harness';

let t: TestApi;
let tokens: Record<Role, string | undefined>;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await startTestApi();
  const owner = (await User.findOne({ roles: 'owner' }).lean<UserDoc>())!;
  tokens = {
    anonymous: undefined,
    user: (await makeUser()).token,
    muted: (await makeUser({ forbiddenEndTime: -1 })).token,
    admin: (await makeUser({ roles: ['admin'] })).token,
    owner: await ownerToken(),
  };
  let words = 0;
  fixtures = {
    nodeId: (await createNode(owner, { name: '表格节点' }))._id,
    tagId: (await createTag(owner, { name: '表格标签' }))._id,
    linkId: (await createLink(owner, { url: 'https://example.com/', title: '表格链接' }))._id,
    projectId: (await createProject(owner, { name: '表格项目' }))._id,
    configRowId: (await SysConfig.findOne({ key: 'siteTitle' }, { _id: 1 }).lean())!._id as number,
    freshWordId: async () => (await createForbiddenWord(owner, { word: `表格词${++words}` }))._id,
  };
});
afterAll(() => t.close());

/** What the caller observed: 'ok', or the refusal as the transport states it. */
async function outcome(entry: AdminConfigCase, role: Role): Promise<string> {
  const token = tokens[role];
  const input = await entry.input(role, fixtures);
  if (entry.transport === 'trpc') {
    const result =
      entry.call === 'query'
        ? await trpcQuery(t, entry.endpoint, input, token)
        : await trpcMutation(t, entry.endpoint, input, token);
    if (result.status === 200) return 'ok';
    return `${result.status} ${result.body.error?.message ?? ''}`;
  }
  const { id, ...form } = (input ?? {}) as Record<string, string | number>;
  const path = entry.endpoint.includes('{id}') ? entry.endpoint.replace('{id}', String(id)) : entry.endpoint;
  const values = entry.endpoint.includes('{id}') || id === undefined ? form : { id, ...form };
  const body =
    entry.call === 'GET' ? await legacyGet(t, path, values, token) : await legacyPost(t, path, values, token);
  return body.success ? 'ok' : `${body.errorCode} ${body.message}`;
}

function expected(entry: AdminConfigCase, role: Role): string {
  if (entry.allowed.includes(role)) return entry.answer ?? 'ok';
  if (entry.transport === 'trpc') return role === 'anonymous' ? '401 请先登录' : '403 无权限';
  return role === 'anonymous' ? '1 请先登录' : '2 无权限';
}

describe('who may use the configuration screens of the admin console', () => {
  it.each(
    adminConfigCases.map((entry) => [`${entry.transport} ${entry.call} ${entry.endpoint}`, entry] as const),
  )('%s', async (_name, entry) => {
    const observed: Record<string, string> = {};
    for (const role of ROLES) observed[role] = await outcome(entry, role);
    expect(observed).toEqual(Object.fromEntries(ROLES.map((role) => [role, expected(entry, role)])));
  });
});
