/**
 * The authorisation table of the console's configuration screens (run by
 * `admin-authorization.test.ts`): every legacy admin endpoint and tRPC procedure of nodes, tags,
 * links, projects, forbidden words and site settings, with an input that succeeds for a caller
 * who may use it, and who may (docs/legacy-api.md §2.1).
 */
export const ROLES = ['anonymous', 'user', 'muted', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

const ADMINS: readonly Role[] = ['admin', 'owner'];
const OWNER: readonly Role[] = ['owner'];

/** Rows the runner creates first, so edits have something to edit. */
export interface Fixtures {
  nodeId: number;
  tagId: number;
  linkId: number;
  projectId: number;
  configRowId: number;
  /** A new forbidden word each call, for calls that delete one. */
  freshWordId(): Promise<number>;
}

type Form = Record<string, string | number>;

export interface AdminConfigCase {
  transport: 'legacy' | 'trpc';
  /** Legacy: the HTTP method; tRPC: the procedure type. */
  call: 'GET' | 'POST' | 'query' | 'mutation';
  /** Legacy: the path; tRPC: the procedure. */
  endpoint: string;
  input: (role: Role, fixtures: Fixtures) => unknown | Promise<unknown>;
  allowed: readonly Role[];
  /** What an allowed caller observes when it is not 'ok' (past the guard, refused by the service). */
  answer?: string;
}

const legacy = (
  call: 'GET' | 'POST',
  endpoint: string,
  allowed: readonly Role[],
  input: (role: Role, fixtures: Fixtures) => Form | Promise<Form> = () => ({}),
): AdminConfigCase => ({ transport: 'legacy', call, endpoint, input, allowed });

const trpc = (
  call: 'query' | 'mutation',
  endpoint: string,
  allowed: readonly Role[],
  input: (role: Role, fixtures: Fixtures) => unknown = () => undefined,
): AdminConfigCase => ({ transport: 'trpc', call, endpoint, input, allowed });

/** An address nothing listens on: detection answers null there, which is still a success. */
const UNREACHABLE = 'http://127.0.0.1:9/';

export const adminConfigCases: AdminConfigCase[] = [
  // 节点
  legacy('POST', '/api/admin/topic-node/list', ADMINS, () => ({ page: 1 })),
  legacy('GET', '/api/admin/topic-node/nodes', ADMINS),
  legacy('GET', '/api/admin/topic-node/{id}', ADMINS, (_, f) => ({ id: f.nodeId })),
  legacy('POST', '/api/admin/topic-node/create', OWNER, (role) => ({ name: `表节点${role}` })),
  legacy('POST', '/api/admin/topic-node/update', OWNER, (role, f) => ({
    id: f.nodeId,
    name: `表节点改${role}`,
  })),
  legacy('POST', '/api/admin/topic-node/sort', OWNER, (_, f) => ({ ids: String(f.nodeId) })),
  trpc('query', 'adminNodes.list', ADMINS, () => ({ page: 1 })),
  trpc('query', 'adminNodes.byId', ADMINS, (_, f) => ({ id: f.nodeId })),
  trpc('mutation', 'adminNodes.create', OWNER, (role) => ({ name: `表节点t${role}` })),
  trpc('mutation', 'adminNodes.update', OWNER, (role, f) => ({ id: f.nodeId, name: `表节点t改${role}` })),
  trpc('mutation', 'adminNodes.reorder', OWNER, (_, f) => ({ ids: [f.nodeId] })),
  // 标签
  legacy('POST', '/api/admin/tag/list', ADMINS, () => ({ page: 1 })),
  legacy('GET', '/api/admin/tag/autocomplete', ADMINS, () => ({ keyword: '表' })),
  legacy('GET', '/api/admin/tag/tags', ADMINS, (_, f) => ({ tagIds: String(f.tagId) })),
  legacy('GET', '/api/admin/tag/{id}', ADMINS, (_, f) => ({ id: f.tagId })),
  legacy('POST', '/api/admin/tag/create', OWNER, (role) => ({ name: `表标签${role}` })),
  legacy('POST', '/api/admin/tag/update', OWNER, (role, f) => ({ id: f.tagId, name: `表标签改${role}` })),
  trpc('query', 'adminTags.list', ADMINS, () => ({ page: 1 })),
  trpc('query', 'adminTags.byId', ADMINS, (_, f) => ({ id: f.tagId })),
  trpc('mutation', 'adminTags.create', OWNER, (role) => ({ name: `表标签t${role}` })),
  trpc('mutation', 'adminTags.update', OWNER, (role, f) => ({ id: f.tagId, name: `表标签t改${role}` })),
  // 友情链接
  legacy('POST', '/api/admin/link/list', ADMINS, () => ({ page: 1 })),
  legacy('GET', '/api/admin/link/{id}', ADMINS, (_, f) => ({ id: f.linkId })),
  legacy('POST', '/api/admin/link/create', ADMINS, (role) => ({ url: 'https://example.org/', title: role })),
  legacy('POST', '/api/admin/link/update', ADMINS, (role, f) => ({
    id: f.linkId,
    url: 'https://example.org/',
    title: role,
  })),
  legacy('POST', '/api/admin/link/sort', ADMINS, (_, f) => ({ ids: String(f.linkId) })),
  legacy('GET', '/api/admin/link/detect', ADMINS, () => ({ url: UNREACHABLE })),
  trpc('query', 'adminLinks.list', ADMINS, () => ({ page: 1 })),
  trpc('query', 'adminLinks.byId', ADMINS, (_, f) => ({ id: f.linkId })),
  trpc('mutation', 'adminLinks.create', ADMINS, (role) => ({ url: 'https://example.org/', title: role })),
  trpc('mutation', 'adminLinks.update', ADMINS, (role, f) => ({
    id: f.linkId,
    url: 'https://example.org/',
    title: role,
  })),
  trpc('mutation', 'adminLinks.reorder', ADMINS, (_, f) => ({ ids: [f.linkId] })),
  trpc('mutation', 'adminLinks.detect', ADMINS, () => ({ url: UNREACHABLE })),
  // 项目
  legacy('POST', '/api/admin/project/list', ADMINS, () => ({ page: 1 })),
  legacy('GET', '/api/admin/project/{id}', ADMINS, (_, f) => ({ id: f.projectId })),
  legacy('POST', '/api/admin/project/create', ADMINS, (role) => ({ name: `表项目${role}` })),
  legacy('POST', '/api/admin/project/update', ADMINS, (role, f) => ({
    id: f.projectId,
    name: `表项目改${role}`,
  })),
  trpc('query', 'adminProjects.list', ADMINS, () => ({ page: 1 })),
  trpc('query', 'adminProjects.byId', ADMINS, (_, f) => ({ id: f.projectId })),
  trpc('mutation', 'adminProjects.create', ADMINS, (role) => ({ name: `表项目t${role}` })),
  trpc('mutation', 'adminProjects.update', ADMINS, (role, f) => ({
    id: f.projectId,
    name: `表项目t改${role}`,
  })),
  // 违禁词
  legacy('POST', '/api/admin/forbidden-word/list', ADMINS, () => ({ page: 1 })),
  legacy('POST', '/api/admin/forbidden-word/create', ADMINS, (role) => ({ word: `表词${role}` })),
  legacy('POST', '/api/admin/forbidden-word/update', ADMINS, async (role, f) => ({
    id: await f.freshWordId(),
    word: `表词改${role}`,
  })),
  legacy('POST', '/api/admin/forbidden-word/test', ADMINS, () => ({ sample: '一段示例文本', word: '示例' })),
  legacy('POST', '/api/admin/forbidden-word/delete', ADMINS, async (_, f) => ({ id: await f.freshWordId() })),
  trpc('query', 'adminForbiddenWords.list', ADMINS, () => ({ page: 1 })),
  trpc('mutation', 'adminForbiddenWords.create', ADMINS, (role) => ({ word: `表词t${role}`, kind: 'regex' })),
  trpc('mutation', 'adminForbiddenWords.update', ADMINS, async (role, f) => ({
    id: await f.freshWordId(),
    word: `表词t改${role}`,
    kind: 'word',
  })),
  trpc('mutation', 'adminForbiddenWords.delete', ADMINS, async (_, f) => ({ id: await f.freshWordId() })),
  trpc('mutation', 'adminForbiddenWords.test', ADMINS, () => ({
    sample: '文本',
    draft: { word: '文', kind: 'word' },
  })),
  // 系统设置
  legacy('GET', '/api/admin/sys-config/all', OWNER),
  legacy('POST', '/api/admin/sys-config/list', OWNER, () => ({ page: 1 })),
  legacy('GET', '/api/admin/sys-config/{id}', OWNER, (_, f) => ({ id: f.configRowId })),
  legacy('POST', '/api/admin/sys-config/save', OWNER, (role) => ({
    config: JSON.stringify({ siteDescription: `由${role}保存` }),
  })),
  trpc('query', 'adminSettings.get', OWNER),
  trpc('mutation', 'adminSettings.save', OWNER, (role) => ({ siteDescription: `由${role}保存` })),
  trpc('mutation', 'config.save', OWNER, (role) => ({ siteDescription: `由${role}保存` })),
  trpc('query', 'adminSettings.mail', OWNER),
  trpc('mutation', 'adminSettings.saveMail', OWNER, () => ({
    host: '',
    port: 587,
    secure: false,
    user: '',
    from: '',
  })),
  // No worker runs here to send it: an address the owner is told to correct shows the guard let them by.
  {
    ...trpc('mutation', 'adminSettings.testMail', OWNER, () => ({ to: 'nobody' })),
    answer: '400 请填写正确的收件邮箱',
  },
];
