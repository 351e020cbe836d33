/**
 * The authorisation table of the admin console: every admin procedure and legacy admin endpoint
 * (the rows of `test/admin-cases.ts`, moderation, and `test/admin-config-cases.ts`, configuration)
 * called as a visitor, a user, a muted user, an admin and the owner. Those a row allows succeed;
 * visitors are asked to sign in (legacy errorCode 1, tRPC 401), everyone else is refused (legacy
 * errorCode 2 "无权限", tRPC 403). A last check keeps the tables whole: every `/api/admin` route and
 * every `admin*` procedure has a row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addFavorite,
  createForbiddenWord,
  createLink,
  createNode,
  createProject,
  createTag,
  createThirdAccountRow,
  Favorite,
  getOrCreateTags,
  OperateLog,
  SysConfig,
  writeOperateLog,
  type TopicDoc,
  type UserDoc,
} from '@forum/core';
import { legacyEndpoints, trpcEndpoints } from './test/fuzz/endpoints';
import { adminCases, type AdminCase, type AdminFixtures } from './test/admin-cases';
import {
  ROLES,
  adminConfigCases,
  type AdminConfigCase,
  type Fixtures as ConfigFixtures,
  type Role,
} from './test/admin-config-cases';
import {
  buildAdmin,
  buildArticle,
  buildComment,
  buildMutedUser,
  buildTopic,
  buildUser,
  contextFor,
  signedIn,
} from '@forum/core/testing';
import { legacyGet, legacyPost, trpcMutation, trpcQuery } from './test/client';
import { ownerToken, siteOwner, useTestApi } from './test/harness';

const t = useTestApi();
let tokens: Record<Role, string | undefined>;
let fixtures: AdminFixtures;
let configFixtures: ConfigFixtures;

beforeAll(async () => {
  const owner = await siteOwner();
  tokens = {
    anonymous: undefined,
    user: (await signedIn(buildUser())).token,
    muted: (await signedIn(buildMutedUser())).token,
    admin: (await signedIn(buildAdmin())).token,
    owner: await ownerToken(),
  };
  fixtures = await moderationFixtures(owner);
  configFixtures = await configurationFixtures(owner);
});

/** Content by a plain user, a log row and raw rows, for the moderation rows. */
async function moderationFixtures(owner: UserDoc): Promise<AdminFixtures> {
  const target = await buildUser();
  const topic = await buildTopic({ userId: target._id });
  await writeOperateLog({
    userId: target._id,
    opType: 'update',
    dataType: 'user',
    dataId: target._id,
    description: '',
  });
  return {
    target,
    topic,
    article: await buildArticle({ userId: target._id, status: 2 }),
    comment: await buildComment({ author: target, entityId: topic._id }),
    logId: (await OperateLog.findOne({ dataId: target._id }).lean())!._id,
    ...(await rawRows(owner, target, topic)),
  };
}

/** A favourite, a linked account and a tagged article's tag row for the raw-CRUD rows. */
async function rawRows(owner: UserDoc, target: UserDoc, topic: TopicDoc) {
  await addFavorite(contextFor(target), 'topic', topic._id);
  const favoriteId = (await Favorite.findOne({ userId: target._id }).lean())!._id;
  const account = await createThirdAccountRow(contextFor(owner), {
    userId: target._id,
    thirdType: 'github',
    thirdId: `t${target._id}`,
  });
  const [tag] = await getOrCreateTags(['表格标签']);
  const tagged = await buildArticle({ userId: target._id, tagIds: [tag!._id] });
  return { favoriteId, thirdAccountId: account.id, articleTagId: tagged._id * 100 + 1, tagId: tag!._id };
}

/** A node, tag, link, project and settings row to edit, for the configuration rows. */
async function configurationFixtures(owner: UserDoc): Promise<ConfigFixtures> {
  let words = 0;
  return {
    nodeId: (await createNode(contextFor(owner), { name: '表格节点' }))._id,
    tagId: (await createTag(contextFor(owner), { name: '表格标签乙' }))._id,
    linkId: (await createLink(contextFor(owner), { url: 'https://example.com/', title: '表格链接' }))._id,
    projectId: (await createProject(contextFor(owner), { name: '表格项目' }))._id,
    configRowId: (await SysConfig.findOne({ key: 'siteTitle' }, { _id: 1 }).lean())!._id as number,
    freshWordId: async () => (await createForbiddenWord(contextFor(owner), { word: `表格词${++words}` }))._id,
  };
}

/** One row of either table, as the runner calls it. */
interface Row {
  transport: 'legacy' | 'trpc' | 'http';
  /** Legacy and http: the HTTP method; tRPC: the procedure type. */
  call: string;
  /** Legacy and http: the path with `:id`; tRPC: the procedure. */
  endpoint: string;
  input(role: Role): Promise<unknown>;
  allowed: readonly Role[];
  /** What an allowed caller observes when it is not 'ok'. */
  answer?: string;
}

const OWNER_OR_ADMIN: readonly Role[] = ['admin', 'owner'];

function moderationRow(row: AdminCase): Row {
  const allowed = row.who === 'owner' ? (['owner'] as const) : OWNER_OR_ADMIN;
  if (row.transport === 'trpc') {
    return {
      transport: 'trpc',
      call: row.kind,
      endpoint: row.endpoint,
      input: async () => row.input?.(fixtures),
      allowed,
      ...(row.answer ? { answer: row.answer } : {}),
    };
  }
  const [call, endpoint] = row.endpoint.split(' ') as [string, string];
  return {
    transport: row.transport,
    call,
    endpoint,
    input: async () => (row.transport === 'legacy' ? row.input?.(fixtures) : undefined),
    allowed,
  };
}

function configurationRow(row: AdminConfigCase): Row {
  return {
    transport: row.transport,
    call: row.call,
    endpoint: row.endpoint.replace('{id}', ':id'),
    input: async (role) => row.input(role, configFixtures),
    allowed: row.allowed,
    ...(row.answer ? { answer: row.answer } : {}),
  };
}

const rows: Row[] = [...adminCases.map(moderationRow), ...adminConfigCases.map(configurationRow)];

/** What the caller observed: 'ok', or the refusal as the transport states it. */
async function observe(row: Row, role: Role): Promise<string> {
  const token = tokens[role];
  const input = await row.input(role);
  if (row.transport === 'trpc') {
    const { status, body } =
      row.call === 'query'
        ? await trpcQuery(t, row.endpoint, input, token)
        : await trpcMutation(t, row.endpoint, input, token);
    return status === 200 ? 'ok' : `${status} ${body.error?.message ?? ''}`;
  }
  const values = { ...((input ?? {}) as Record<string, string | number>) };
  let path = row.endpoint;
  if (path.includes(':id')) {
    path = path.replace(':id', String(values.id));
    delete values.id;
  }
  if (row.transport === 'http') {
    const response = await fetch(`${t.baseUrl}${path}`, { headers: token ? { 'x-user-token': token } : {} });
    const body = (await response.json()) as { errorCode?: number; message?: string; queues?: unknown[] };
    if (body.errorCode !== undefined) return `${body.errorCode} ${body.message}`;
    return response.status === 200 && Array.isArray(body.queues) ? 'ok' : `HTTP ${response.status}`;
  }
  const body =
    row.call === 'POST' || row.call === 'PUT'
      ? await legacyPost(t, path, values, token, row.call)
      : await legacyGet(t, path, values, token, row.call as 'GET' | 'DELETE');
  return body.success ? 'ok' : `${body.errorCode} ${body.message}`;
}

function expected(row: Row, role: Role): string {
  if (row.allowed.includes(role)) return row.answer ?? 'ok';
  if (row.transport === 'trpc') return role === 'anonymous' ? '401 请先登录' : '403 无权限';
  return role === 'anonymous' ? '1 请先登录' : '2 无权限';
}

describe('admin authorisation', () => {
  it.each(rows.map((row) => [`${row.transport} ${row.call} ${row.endpoint}`, row] as const))(
    '%s',
    async (_name, row) => {
      const observed: Record<string, string> = {};
      for (const role of ROLES) observed[role] = await observe(row, role);
      expect(observed).toEqual(Object.fromEntries(ROLES.map((role) => [role, expected(row, role)])));
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

  it('every /api/admin route and every admin procedure has a row', () => {
    const listed = new Set(
      rows.map((row) => `${row.transport === 'trpc' ? 'trpc' : 'http'} ${row.endpoint}`),
    );
    const routes = legacyEndpoints()
      .filter((route) => route.path.startsWith('/admin/'))
      .map((route) => `http /api${route.path}`);
    const procedures = trpcEndpoints()
      .filter((procedure) => procedure.path.startsWith('admin'))
      .map((procedure) => `trpc ${procedure.path}`);
    expect([...routes, ...procedures].filter((endpoint) => !listed.has(endpoint))).toEqual([]);
  });
});
