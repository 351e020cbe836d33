/**
 * Every admin procedure and legacy admin endpoint of moderation, with who may call it: rows of
 * the authorisation table (`admin-authorization.test.ts`, which runs `admin-config-cases.ts` too).
 * Each row's input is built from the shared fixtures; a caller who may call it must succeed,
 * everyone else gets the access error. Rows run in order, so a content's flags come before its
 * deletion and the deletion before its restore. The runner fails on an admin endpoint without a
 * row.
 */
import { Texts } from '@forum/contracts';
import type { ArticleDoc, CommentDoc, TopicDoc, UserDoc } from '@forum/core';

export interface AdminFixtures {
  /** A plain user, author of the content below. */
  target: UserDoc;
  topic: TopicDoc;
  /** Pending review. */
  article: ArticleDoc;
  comment: CommentDoc;
  /** An operation-log row's id. */
  logId: number;
  /** Raw rows of docs/legacy-api.md §2.2's raw CRUD: a favourite, a third-party account, the article's first tag row. */
  favoriteId: number;
  thirdAccountId: number;
  articleTagId: number;
  tagId: number;
}

export type AdminAudience = 'ownerOrAdmin' | 'owner';

export type AdminCase =
  | {
      transport: 'trpc';
      /** `router.procedure`. */
      endpoint: string;
      kind: 'query' | 'mutation';
      input?: (f: AdminFixtures) => unknown;
      who: AdminAudience;
      /** What an allowed caller observes when it is not 'ok' (`<status> <message>`). */
      answer?: string;
    }
  | {
      /** A legacy endpoint answering the envelope; `endpoint` is `METHOD /api/admin/...`. */
      transport: 'legacy';
      endpoint: `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/admin/${string}`;
      input?: (f: AdminFixtures) => Record<string, string | number>;
      who: AdminAudience;
    }
  | {
      /** Something else under /api/admin (the queue dashboard): allowed callers get HTTP 200. */
      transport: 'http';
      endpoint: `GET /api/admin/${string}`;
      who: AdminAudience;
    };

/** A username and e-mail nobody has yet (only the owner's call creates the account). */
function newAccount(transport: string) {
  const tag = `${transport}${Date.now().toString(36).slice(-6)}`;
  return { username: `made${tag}`, email: `made${tag}@example.com`, nickname: `表格用户${tag}` };
}

/** A legacy row, as most are: owner or admin. */
const legacy = (
  endpoint: `${'GET' | 'POST' | 'PUT'} /api/admin/${string}`,
  input?: (f: AdminFixtures) => Record<string, string | number>,
): AdminCase => ({ transport: 'legacy', endpoint, input, who: 'ownerOrAdmin' });

/** A fresh third-party identity each call (one provider per user, one user per identity). */
const newIdentity = () => `table-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const adminCases: AdminCase[] = [
  // 工作台 and 队列
  { transport: 'trpc', endpoint: 'adminDashboard.overview', kind: 'query', who: 'ownerOrAdmin' },
  { transport: 'trpc', endpoint: 'adminQueues.counts', kind: 'query', who: 'ownerOrAdmin' },
  // 举报: the queue, and a decision (the fixtures' topic has no open report: allowed callers get
  // past the policy to "nothing open").
  { transport: 'trpc', endpoint: 'adminReports.list', kind: 'query', input: () => ({}), who: 'ownerOrAdmin' },
  {
    transport: 'trpc',
    endpoint: 'adminReports.handle',
    kind: 'mutation',
    input: (f) => ({ targetType: 'topic', targetId: f.topic._id, action: 'dismiss' }),
    who: 'ownerOrAdmin',
    answer: `404 ${Texts.reports.nothingOpen}`,
  },
  {
    transport: 'trpc',
    endpoint: 'adminQueues.retryFailed',
    kind: 'mutation',
    input: () => ({ queue: 'mail' }),
    who: 'ownerOrAdmin',
  },
  { transport: 'http', endpoint: 'GET /api/admin/queues/api/queues', who: 'ownerOrAdmin' },
  { transport: 'legacy', endpoint: 'GET /api/admin/common/systeminfo', who: 'ownerOrAdmin' },

  // 用户
  {
    transport: 'trpc',
    endpoint: 'adminUsers.list',
    kind: 'query',
    input: () => ({ page: 1 }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminUsers.get',
    kind: 'query',
    input: (f) => ({ id: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminUsers.update',
    kind: 'mutation',
    input: (f) => ({ id: f.target._id, nickname: '改过的昵称' }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminUsers.create',
    kind: 'mutation',
    input: () => ({ ...newAccount('t'), password: 'secret-123' }),
    who: 'owner',
  },
  {
    transport: 'trpc',
    endpoint: 'adminUsers.scoreLogs',
    kind: 'query',
    input: (f) => ({ userId: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'mute.set',
    kind: 'mutation',
    input: (f) => ({ userId: f.target._id, days: 3, reason: '广告' }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/user/list',
    input: () => ({ page: 1 }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'GET /api/admin/user/:id',
    input: (f) => ({ id: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/user/create',
    input: () => ({ ...newAccount('l'), password: 'secret-123' }),
    who: 'owner',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/user/update',
    input: (f) => ({ id: f.target._id, nickname: '站长改的' }),
    who: 'owner',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/user/forbidden',
    input: (f) => ({ userId: f.target._id, days: 7, reason: '灌水' }),
    who: 'ownerOrAdmin',
  },
  legacy('GET /api/admin/user/synccount'),
  legacy('POST /api/admin/favorite/list', (f) => ({ userId: f.target._id })),
  legacy('GET /api/admin/favorite/:id', (f) => ({ id: f.favoriteId })),
  legacy('POST /api/admin/favorite/create', (f) => ({
    userId: f.target._id,
    entityType: 'topic',
    entityId: f.topic._id,
  })),
  legacy('POST /api/admin/favorite/update', (f) => ({ id: f.favoriteId })),
  legacy('POST /api/admin/third-account/list', (f) => ({ userId: f.target._id })),
  legacy('GET /api/admin/third-account/:id', (f) => ({ id: f.thirdAccountId })),
  legacy('POST /api/admin/third-account/create', (f) => ({
    userId: f.target._id,
    thirdType: `oidc:${newIdentity()}`,
    thirdId: newIdentity(),
  })),
  legacy('POST /api/admin/third-account/update', (f) => ({ id: f.thirdAccountId, nickname: '表格改的' })),
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/user-score-log/list',
    input: (f) => ({ userId: f.target._id }),
    who: 'ownerOrAdmin',
  },

  // 话题: flags first, then delete, then restore
  {
    transport: 'trpc',
    endpoint: 'adminTopics.list',
    kind: 'query',
    input: (f) => ({ userId: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminTopics.recommend',
    kind: 'mutation',
    input: (f) => ({ id: f.topic._id, value: true }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminTopics.sticky',
    kind: 'mutation',
    input: (f) => ({ id: f.topic._id, value: true }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/topic/list',
    input: (f) => ({ userId: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'GET /api/admin/topic/:id',
    input: (f) => ({ id: f.topic._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'DELETE /api/admin/topic/recommend',
    input: (f) => ({ id: f.topic._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/topic/recommend',
    input: (f) => ({ id: f.topic._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminTopics.delete',
    kind: 'mutation',
    input: (f) => ({ id: f.topic._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/topic/delete',
    input: (f) => ({ id: f.topic._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminTopics.restore',
    kind: 'mutation',
    input: (f) => ({ id: f.topic._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/topic/undelete',
    input: (f) => ({ id: f.topic._id }),
    who: 'ownerOrAdmin',
  },

  // 文章: review, delete, restore
  {
    transport: 'trpc',
    endpoint: 'adminArticles.list',
    kind: 'query',
    input: () => ({ status: 2 }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/article/list',
    input: (f) => ({ userId: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'GET /api/admin/article/:id',
    input: (f) => ({ id: f.article._id }),
    who: 'ownerOrAdmin',
  },
  legacy('POST /api/admin/article/update', (f) => ({ id: f.article._id, title: '表格改的标题' })),
  legacy('GET /api/admin/article/tags', (f) => ({ articleId: f.article._id })),
  legacy('PUT /api/admin/article/tags', (f) => ({ articleId: f.article._id, tags: '表格标签' })),
  legacy('GET /api/admin/article/sitemap'),
  legacy('POST /api/admin/article-tag/list', (f) => ({ articleId: f.article._id })),
  legacy('GET /api/admin/article-tag/:id', (f) => ({ id: f.articleTagId })),
  legacy('POST /api/admin/article-tag/create', (f) => ({ articleId: f.article._id, tagId: f.tagId })),
  legacy('POST /api/admin/article-tag/update', (f) => ({ id: f.articleTagId, tagId: f.tagId })),
  {
    transport: 'trpc',
    endpoint: 'adminArticles.approve',
    kind: 'mutation',
    input: (f) => ({ id: f.article._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminArticles.delete',
    kind: 'mutation',
    input: (f) => ({ id: f.article._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminArticles.restore',
    kind: 'mutation',
    input: (f) => ({ id: f.article._id }),
    who: 'ownerOrAdmin',
  },
  legacy('GET /api/admin/article/recent', (f) => ({ userId: f.target._id })),
  legacy('POST /api/admin/article/pending', (f) => ({ id: f.article._id })),
  legacy('POST /api/admin/article/delete', (f) => ({ id: f.article._id })),

  // 评论: delete, restore
  {
    transport: 'trpc',
    endpoint: 'adminComments.list',
    kind: 'query',
    input: (f) => ({ entityType: 'topic', entityId: f.topic._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/comment/list',
    input: (f) => ({ userId: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'GET /api/admin/comment/:id',
    input: (f) => ({ id: f.comment._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/comment/delete/:id',
    input: (f) => ({ id: f.comment._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminComments.delete',
    kind: 'mutation',
    input: (f) => ({ id: f.comment._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'trpc',
    endpoint: 'adminComments.restore',
    kind: 'mutation',
    input: (f) => ({ id: f.comment._id }),
    who: 'ownerOrAdmin',
  },

  // 操作日志
  {
    transport: 'trpc',
    endpoint: 'adminOperateLogs.list',
    kind: 'query',
    input: (f) => ({ dataType: 'user', dataId: f.target._id }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'POST /api/admin/operate-log/list',
    input: () => ({ opType: 'delete' }),
    who: 'ownerOrAdmin',
  },
  {
    transport: 'legacy',
    endpoint: 'GET /api/admin/operate-log/:id',
    input: (f) => ({ id: f.logId }),
    who: 'ownerOrAdmin',
  },
];
