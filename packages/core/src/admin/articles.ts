import { Texts } from '@forum/contracts';
/**
 * An admin's edit of an article (legacy `article/update`) and of its tags (`article/tags`): the
 * article's text rules with their texts, projected like every edit, and in the operation log.
 */
import { adminPaging } from '../audit/admin-query';
import { AppError } from '../errors';
import { articleLists, readArticle, readArticles } from '../read-model/articles';
import { pageByNumber } from '../read-model/lists';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import type { TagDoc } from '../tags/model';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { articleOrNotFound, rowsOf, articleTagRow, type ArticleTagRow } from './rules';

export const ARTICLE_CONTENT_TYPES = ['markdown', 'html'] as const;

/** The fields `article/update` binds; an absent one keeps the article's value. */
export interface AdminArticleUpdate {
  id: number;
  title?: string;
  summary?: string;
  content?: string;
  contentType?: string;
  sourceUrl?: string;
}

/** An article's tags in their order (legacy `GET article/tags`). */
export async function listArticleTagsForAdmin(ctx: RequestContext, articleId: number): Promise<TagDoc[]> {
  authorize(ctx.actor, 'listArticleTagsForAdmin');
  const article = await articleOrNotFound(articleId);
  const ids = article.tagIds ?? [];
  const tags = await tagsByIds(ids);
  return tagsIn(ids, tags);
}

export async function getArticleTagRowForAdmin(ctx: RequestContext, id: number): Promise<ArticleTagRow> {
  authorize(ctx.actor, 'getArticleTagRowForAdmin');
  const found = await articleTagRow(id);
  if (!found) throw new AppError('INVALID_INPUT', Texts.admin.notFoundById(id));
  return rowsOf(found.article)[found.position]!;
}

/** The rows of one article, or of the shown articles of one tag (newest first, paged). */
export async function listArticleTagRowsForAdmin(
  ctx: RequestContext,
  query: { articleId?: number; tagId?: number; page?: number; limit?: number },
) {
  authorize(ctx.actor, 'listArticleTagRowsForAdmin');
  const { page, limit } = adminPaging(query);
  let rows: ArticleTagRow[];
  let total: number;
  if (query.articleId) {
    const article = await readArticle(query.articleId);
    rows = (article ? rowsOf(article) : []).filter((row) => !query.tagId || row.tagId === query.tagId);
    total = rows.length;
    rows = rows.slice((page - 1) * limit, page * limit);
  } else if (query.tagId) {
    const tagId = query.tagId;
    const listed = await pageByNumber(articleLists.tag(tagId), page, limit);
    rows = (await readArticles(listed.ids)).flatMap((article) =>
      rowsOf(article).filter((row) => row.tagId === tagId),
    );
    total = listed.total;
  } else {
    throw new AppError('INVALID_INPUT', Texts.articles.tagQueryNeedsId);
  }
  return { page: { page, limit, total }, results: rows };
}
