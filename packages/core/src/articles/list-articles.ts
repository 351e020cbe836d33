/**
 * Article lists, newest first, each served by one index of the Article schema. Only shown
 * articles (status 0) appear; the cursor is the last article id of the previous page.
 */
import { ARTICLE_PAGE_SIZE, ArticleStatus } from '@forum/contracts';
import { Article, type ArticleDoc } from './model';

export interface ArticlePage {
  articles: ArticleDoc[];
  /** The last item's id, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

/** Lists never carry bodies; summaries fall back to them, so `content` is read. */
const listProjection = { outbox: 0 } as const;

async function page(filter: Record<string, unknown>, cursor: number, limit: number): Promise<ArticlePage> {
  if (cursor > 0) filter._id = { $lt: cursor };
  const articles = await Article.find(filter, listProjection)
    .sort({ _id: -1 })
    .limit(limit)
    .lean<ArticleDoc[]>();
  return {
    articles,
    cursor: articles.length ? articles[articles.length - 1]!._id : cursor,
    hasMore: articles.length >= limit,
  };
}

/** Every shown article (legacy GET /api/article/articles). */
export function listArticles(cursor = 0, limit = ARTICLE_PAGE_SIZE): Promise<ArticlePage> {
  return page({ status: ArticleStatus.Ok }, cursor, limit);
}

/** One author's shown articles (legacy GET /api/article/user/articles). */
export function listUserArticles(
  userId: number,
  cursor = 0,
  limit = ARTICLE_PAGE_SIZE,
): Promise<ArticlePage> {
  return page({ userId, status: ArticleStatus.Ok }, cursor, limit);
}

/**
 * Shown articles of one tag (legacy GET /api/article/tag/articles). bbs-go paged by its
 * article_tag row id and did not filter by article status (Appendix A #10); here the cursor is the
 * article id like the other lists, and deleted or pending articles never show.
 */
export function listTagArticles(tagId: number, cursor = 0, limit = ARTICLE_PAGE_SIZE): Promise<ArticlePage> {
  if (!(tagId > 0)) return Promise.resolve({ articles: [], cursor, hasMore: false });
  return page({ tagIds: tagId, status: ArticleStatus.Ok }, cursor, limit);
}

/** Up to ten shown articles published just before this one (legacy GET /api/article/nearly/{id}). */
export async function listNearlyArticles(articleId: number, limit = 10): Promise<ArticleDoc[]> {
  return (await page({ status: ArticleStatus.Ok }, articleId, limit)).articles;
}

/**
 * Up to ten other shown articles sharing a tag with this one, newest first (legacy
 * GET /api/article/related/{id}; bbs-go also returned the article itself and hidden ones).
 */
export async function listRelatedArticles(articleId: number, limit = 10): Promise<ArticleDoc[]> {
  const article = await Article.findById(articleId, { tagIds: 1 }).lean<Pick<ArticleDoc, 'tagIds'>>();
  const tagIds = article?.tagIds ?? [];
  if (!tagIds.length) return [];
  return Article.find(
    { tagIds: { $in: tagIds }, status: ArticleStatus.Ok, _id: { $ne: articleId } },
    listProjection,
  )
    .sort({ _id: -1 })
    .limit(limit)
    .lean<ArticleDoc[]>();
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
