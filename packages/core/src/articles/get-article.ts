import { ArticleStatus } from '@forum/contracts';
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { canReadArticle, isValidId } from './access';
import { Article, type ArticleDoc } from './model';

/**
 * An article for its detail page, counting one view. Missing or deleted: NOT_FOUND "文章不存在";
 * pending and the reader is neither its author nor a moderator: FORBIDDEN "文章审核中".
 */
export async function getArticle(articleId: number, viewer?: UserDoc | null): Promise<ArticleDoc> {
  const article = isValidId(articleId)
    ? await Article.findById(articleId, { outbox: 0 }).lean<ArticleDoc>()
    : null;
  if (!article || article.status === ArticleStatus.Deleted) throw new AppError('NOT_FOUND', '文章不存在');
  if (!canReadArticle(viewer, article)) throw new AppError('FORBIDDEN', '文章审核中');
  await Article.updateOne({ _id: articleId }, { $inc: { viewCount: 1 } });
  return { ...article, viewCount: (article.viewCount ?? 0) + 1 };
}

/** The address of a shown article (legacy GET /api/article/redirect/{id}). */
export async function articleUrl(articleId: number, baseUrl: string): Promise<string> {
  if (!(await articleExists(articleId))) throw new AppError('NOT_FOUND', '文章不存在');
  return `${baseUrl.replace(/\/+$/, '')}/article/${articleId}`;
}

/** Whether a shown article with this id exists (comments, likes and favourites ask this). */
export async function articleExists(articleId: number): Promise<boolean> {
  return isValidId(articleId) && !!(await Article.exists({ _id: articleId, status: ArticleStatus.Ok }));
}

/** Called after a comment on an article is stored: counts it. */
export async function bumpArticleOnComment(articleId: number): Promise<void> {
  await Article.updateOne({ _id: articleId }, { $inc: { commentCount: 1 } });
}
