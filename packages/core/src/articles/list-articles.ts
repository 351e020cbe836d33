/**
 * Article lists, newest first, read from the read model (read-model/articles.ts). Only shown
 * articles (status 0) appear; the cursor is the last article id of the previous page.
 */
import { ARTICLE_PAGE_SIZE, ArticleStatus } from '@forum/contracts';
import { can, type PolicySubject } from '../policies';
import { articleLists, readArticle, readArticles } from '../read-model/articles';
import { pageDesc } from '../read-model/lists';
import { rmRedis } from '../read-model/store';
import { Article, type ArticleDoc } from './model';
import { execAll } from '../redis';

export interface ArticlePage {
  articles: ArticleDoc[];
  /** The last item's id, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

/** The moderators' list below still reads MongoDB (an admin filter); lists carry no outbox. */
const listProjection = { outbox: 0 } as const;

async function page(key: string, cursor: number, limit: number): Promise<ArticlePage> {
  const ids = await pageDesc(key, cursor, limit);
  return { articles: await readArticles(ids.ids), cursor: ids.cursor, hasMore: ids.hasMore };
}

/** Every shown article (legacy GET /api/article/articles). */
export function listArticles(cursor = 0, limit = ARTICLE_PAGE_SIZE): Promise<ArticlePage> {
  return page(articleLists.all(), cursor, limit);
}

/** One author's shown articles (legacy GET /api/article/user/articles). */
export function listUserArticles(
  userId: number,
  cursor = 0,
  limit = ARTICLE_PAGE_SIZE,
): Promise<ArticlePage> {
  return page(articleLists.user(userId), cursor, limit);
}

/**
 * One author's articles as `viewer` sees them on the author's personal page: the author and
 * moderators (those who may read the author's pending articles) also get the articles waiting for
 * review or rejected (`articleLists.unshown`), merged in newest first; everyone else the shown ones.
 * Both lists are scored by id, so the newest `limit` of each below the cursor hold the page.
 */
export async function listUserArticlesFor(
  viewer: PolicySubject | null,
  userId: number,
  cursor = 0,
  limit = ARTICLE_PAGE_SIZE,
): Promise<ArticlePage> {
  if (!can(viewer, 'readArticle', { userId, status: ArticleStatus.Pending }))
    return listUserArticles(userId, cursor, limit);
  const [shown, unshown] = await Promise.all([
    pageDesc(articleLists.user(userId), cursor, limit),
    pageDesc(articleLists.unshown(userId), cursor, limit),
  ]);
  const merged = [...shown.ids, ...unshown.ids].sort((a, b) => b - a);
  const ids = merged.slice(0, limit);
  return {
    articles: await readArticles(ids),
    cursor: ids.at(-1) ?? cursor,
    hasMore: merged.length > limit || shown.hasMore || unshown.hasMore,
  };
}

/**
 * Shown articles of one tag (legacy GET /api/article/tag/articles). bbs-go paged by its
 * article_tag row id and did not filter by article status (docs/legacy-api.md Appendix A #10); here the cursor is the
 * article id like the other lists, and deleted or pending articles never show.
 */
export function listTagArticles(tagId: number, cursor = 0, limit = ARTICLE_PAGE_SIZE): Promise<ArticlePage> {
  if (!(tagId > 0)) return Promise.resolve({ articles: [], cursor, hasMore: false });
  return page(articleLists.tag(tagId), cursor, limit);
}

/** Up to ten shown articles published just before this one (legacy GET /api/article/nearly/{id}). */
export async function listNearlyArticles(articleId: number, limit = 10): Promise<ArticleDoc[]> {
  return (await page(articleLists.all(), articleId, limit)).articles;
}

/**
 * Up to ten other shown articles sharing a tag with this one, newest first (legacy
 * GET /api/article/related/{id}; bbs-go also returned the article itself and hidden ones).
 */
export async function listRelatedArticles(articleId: number, limit = 10): Promise<ArticleDoc[]> {
  const tagIds = (await readArticle(articleId))?.tagIds ?? [];
  if (!tagIds.length) return [];
  // The newest `limit + 1` of each tag's list hold the newest `limit` others of their union.
  const pipeline = rmRedis().pipeline();
  for (const tagId of tagIds) pipeline.zrevrange(articleLists.tag(tagId), 0, limit);
  const union = new Set<number>();
  for (const ids of await execAll(pipeline)) for (const id of ids as string[]) union.add(Number(id));
  union.delete(articleId);
  const newest = [...union].sort((a, b) => b - a).slice(0, limit);
  return readArticles(newest);
}

export interface RecentArticlesQuery {
  userId?: number;
  status?: number;
  limit?: number;
}

/**
 * The newest articles of any status for moderators (legacy GET /api/admin/article/recent), e.g.
 * those waiting for review with `status: 2`.
 */
export async function listRecentArticles({
  userId,
  status,
  limit = ARTICLE_PAGE_SIZE,
}: RecentArticlesQuery = {}) {
  const filter: Record<string, unknown> = {};
  if (userId !== undefined && userId > 0) filter.userId = userId;
  if (status !== undefined) filter.status = status;
  return Article.find(filter, listProjection).sort({ _id: -1 }).limit(limit).lean<ArticleDoc[]>();
}
