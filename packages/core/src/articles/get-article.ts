import { ArticleStatus, Texts } from '@forum/contracts';
import { AppError } from '../errors';
import { authorize, can } from '../policies';
import type { UserDoc } from '../users/model';
import type { ArticleDoc } from './model';
import { countView } from '../read-model/entities';
import { articleKind, readArticle } from '../read-model/articles';
import { siteBaseUrl } from '../site';

/**
 * An article for its detail page, counting one view. Missing or deleted: NOT_FOUND "文章不存在";
 * pending and the reader is neither its author nor a moderator: FORBIDDEN "文章审核中".
 */
export async function getArticle(articleId: number, viewer?: UserDoc | null): Promise<ArticleDoc> {
  const article = isValidId(articleId) ? await readArticle(articleId) : null;
  if (!article || article.status === ArticleStatus.Deleted)
    throw new AppError('NOT_FOUND', Texts.articles.missing);
  if (!can(viewer, 'readArticle', article)) throw new AppError('FORBIDDEN', Texts.articles.pendingReview);
  return { ...article, viewCount: await countView(articleKind, articleId) };
}

export function isValidId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** A not-deleted article the user may edit or delete; "文章不存在" / "无权限" otherwise. */
export async function manageableArticle(
  user: UserDoc,
  articleId: number,
  action: 'editArticle' | 'deleteArticle',
): Promise<ArticleDoc> {
  const found = isValidId(articleId) ? await readArticle(articleId) : null;
  const article = found?.status === ArticleStatus.Deleted ? null : found;
  if (!article) throw new AppError('NOT_FOUND', Texts.articles.missing);
  authorize(user, action, article);
  return article;
}

/** The address of a shown article (legacy GET /api/article/redirect/{id}). */
export async function articleUrl(articleId: number): Promise<string> {
  if (!(await articleExists(articleId))) throw new AppError('NOT_FOUND', Texts.articles.missing);
  return `${siteBaseUrl()}/article/${articleId}`;
}

/** Whether a shown article with this id exists (comments, likes and favourites ask this). */
export async function articleExists(articleId: number): Promise<boolean> {
  return isValidId(articleId) && (await readArticle(articleId))?.status === ArticleStatus.Ok;
}
