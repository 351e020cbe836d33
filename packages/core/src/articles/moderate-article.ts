import { ArticleStatus, Texts } from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { isValidId } from './get-article';
import { readArticle } from '../read-model/articles';
import { changeArticle } from './change-article';
import { newEvent } from '../events/outbox';

/**
 * Approves a pending article (legacy POST /api/admin/article/pending) so everyone sees it, and its
 * author is told (`article.reviewed`). An article already shown is a no-op; a deleted one is
 * "文章不存在".
 */
export async function approveArticle(ctx: RequestContext, articleId: number): Promise<void> {
  const moderator = authorize(ctx.actor, 'moderate');
  const article = isValidId(articleId) ? await readArticle(articleId) : null;
  if (!article || article.status === ArticleStatus.Deleted)
    throw new AppError('NOT_FOUND', Texts.articles.missing);
  const { modifiedCount } = await changeArticle(
    { _id: articleId, status: ArticleStatus.Pending },
    { $set: { status: ArticleStatus.Ok } },
    [
      newEvent('article.reviewed', {
        articleId,
        userId: article.userId,
        actorId: moderator._id,
        approved: true,
      }),
    ],
  );
  if (modifiedCount === 0) return;
  await logAction(ctx, {
    opType: 'update',
    dataType: 'article',
    dataId: articleId,
    description: Texts.audit.articleApproved,
  });
}
