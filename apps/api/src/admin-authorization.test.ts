/**
 * The authorisation table: every admin procedure and legacy admin endpoint (rows in
 * `test/admin-cases.ts`) called as a visitor, a user, a muted user, an admin and the owner. Those
 * the row allows succeed; visitors are asked to sign in (legacy errorCode 1, tRPC 401), everyone
 * else is refused (legacy errorCode 2 "无权限", tRPC 403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFavorite,
  createThirdAccountRow,
  Favorite,
  getOrCreateTags,
  OperateLog,
  User,
  writeOperateLog,
  type TopicDoc,
  type UserDoc,
} from '@forum/core';
import { adminCases, type AdminCase, type AdminFixtures } from './test/admin-cases';
import { insertArticle } from './test/articles-helpers';
import { makeComment, makeTopic } from './test/comments-helpers';
import { legacyGet, legacyPost, trpcMutation, trpcQuery } from './test/follows-helpers';
import { makeUser, ownerToken, startTestApi, type TestApi } from './test/harness';

let t: TestApi;
let fixtures: AdminFixtures;
const tokens: Record<Caller, string | undefined> = {
  anonymous: undefined,
  user: undefined,
  muted: undefined,
  admin: undefined,
  owner: undefined,
};
type Caller = 'anonymous' | 'user' | 'muted' | 'admin' | 'owner';
const callers: Caller[] = ['anonymous', 'user', 'muted', 'admin', 'owner'];

beforeAll(async () => {
  t = await startTestApi();
  const { user: target } = await makeUser();
  const topic = await makeTopic(target);
  await writeOperateLog({
    userId: target._id,
    opType: 'update',
    dataType: 'user',
    dataId: target._id,
    description: '',
  });
  fixtures = {
    target,
    topic,
    article: await insertArticle({ userId: target._id, status: 2 }),
    comment: await makeComment(target, 'topic', topic._id),
    logId: (await OperateLog.findOne({ dataId: target._id }).lean())!._id,
    ...(await rawRows(target, topic)),
  };
  tokens.user = (await makeUser()).token;
  tokens.muted = (await makeUser({ forbiddenEndTime: -1 })).token;
  tokens.admin = (await makeUser({ roles: ['admin'] })).token;
  tokens.owner = await ownerToken();
});
afterAll(() => t.close());

/** A favourite, a linked account and a tagged article's tag row for the raw-CRUD rows. */
async function rawRows(target: UserDoc, topic: TopicDoc) {
  const owner = (await User.findOne({ roles: 'owner' }).lean<UserDoc>())!;
  await addFavorite(target, 'topic', topic._id);
  const favoriteId = (await Favorite.findOne({ userId: target._id }).lean())!._id;
  const account = await createThirdAccountRow(owner, {
    userId: target._id,
    thirdType: 'github',
    thirdId: `t${target._id}`,
  });
  const [tag] = await getOrCreateTags(['表格标签']);
  const tagged = await insertArticle({ userId: target._id, tagIds: [tag!._id] });
  return { favoriteId, thirdAccountId: account.id, articleTagId: tagged._id * 100 + 1, tagId: tag!._id };
}

type Outcome = 'ok' | 'sign-in' | 'refused';

/** Calls a row as `caller` and says which of the three outcomes it got (failing on anything else). */
async function call(row: AdminCase, caller: Caller): Promise<Outcome> {
  const token = tokens[caller];
  if (row.transport === 'trpc') {
    const input = row.input?.(fixtures);
    const { status, body } =
      row.kind === 'query'
        ? await trpcQuery(t, row.endpoint, input, token)
        : await trpcMutation(t, row.endpoint, input, token);
    if (status === 200) return 'ok';
    const appError = body.error?.data.appError;
    if (status === 401 && (appError as { code: string }).code === 'NOT_SIGNED_IN') return 'sign-in';
    expect({ status, appError }).toEqual({ status: 403, appError: { code: 'FORBIDDEN', message: '无权限' } });
    return 'refused';
  }
  const [method, template] = row.endpoint.split(' ') as [string, string];
  const values = { ...(row.transport === 'legacy' ? row.input?.(fixtures) : {}) };
  let path = template;
  if (path.includes(':id')) {
    path = path.replace(':id', String(values.id));
    delete values.id;
  }
  if (row.transport === 'http') {
    const response = await fetch(`${t.baseUrl}${path}`, { headers: token ? { 'x-user-token': token } : {} });
    const body = (await response.json()) as { errorCode?: number; queues?: unknown[] };
    if (body.errorCode === undefined) {
      expect(response.status).toBe(200);
      expect(Array.isArray(body.queues)).toBe(true);
      return 'ok';
    }
    return denial(body as { errorCode: number; message: string });
  }
  const body =
    method === 'POST' || method === 'PUT'
      ? await legacyPost(t, path, values, token, method)
      : await legacyGet(t, path, values, token, method as 'GET' | 'DELETE');
  if (body.success) return 'ok';
  return denial(body);
}

function denial(body: { errorCode: number; message: string }): Outcome {
  if (body.errorCode === 1) {
    expect(body.message).toBe('请先登录');
    return 'sign-in';
  }
  expect(body, 'neither a success nor an access error').toMatchObject({ errorCode: 2, message: '无权限' });
  return 'refused';
}

function expected(row: AdminCase, caller: Caller): Outcome {
  if (caller === 'anonymous') return 'sign-in';
  if (caller === 'owner' || (caller === 'admin' && row.who === 'ownerOrAdmin')) return 'ok';
  return 'refused';
}

describe('admin authorisation', () => {
  it.each(adminCases.map((row) => [`${row.transport} ${row.endpoint}`, row.who, row] as const))(
    '%s is for %s',
    async (_name, _who, row) => {
      const outcomes: Record<string, Outcome> = {};
      const wanted: Record<string, Outcome> = {};
      for (const caller of callers) {
        outcomes[caller] = await call(row, caller);
        wanted[caller] = expected(row, caller);
      }
      expect(outcomes).toEqual(wanted);
    },
  );

  it('a path written in other case or with a trailing slash needs the same role', async () => {
    const body = await legacyPost(
      t,
      '/api/admin/USER/Update/',
      { id: fixtures.target._id, nickname: '大小写' },
      tokens.admin,
    );
    expect(body).toMatchObject({ errorCode: 2, message: '无权限', success: false });
  });
});
