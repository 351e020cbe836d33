/** Who may see and change an article: its author, or the owner and admins. */
import { ArticleStatus } from '@forum/contracts';
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { isOwnerOrAdmin } from '../users/roles';
import type { ArticleDoc } from './model';
import { readArticle } from '../read-model/articles';

export function canManageArticle(
  user: UserDoc | null | undefined,
  article: Pick<ArticleDoc, 'userId'>,
): boolean {
  return !!user && (user._id === article.userId || isOwnerOrAdmin(user));
}

/** A pending article is shown only to its author and to moderators, who approve it. */
export function canReadArticle(
  user: UserDoc | null | undefined,
  article: Pick<ArticleDoc, 'userId' | 'status'>,
) {
  if (article.status === ArticleStatus.Ok) return true;
  return article.status === ArticleStatus.Pending && canManageArticle(user, article);
}

export function isValidId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** A not-deleted article the user may change; "文章不存在" / "无权限" otherwise. */
export async function manageableArticle(user: UserDoc, articleId: number): Promise<ArticleDoc> {
  const found = isValidId(articleId) ? await readArticle(articleId) : null;
  const article = found?.status === ArticleStatus.Deleted ? null : found;
  if (!article) throw new AppError('NOT_FOUND', '文章不存在');
  if (!canManageArticle(user, article)) throw new AppError('FORBIDDEN', '无权限');
  return article;
}
