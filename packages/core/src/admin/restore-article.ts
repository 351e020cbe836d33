import { ArticleStatus, Texts } from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { readArticle } from '../read-model/articles';
import { authorize } from '../policies';
import { changeArticle } from '../articles/change-article';

/**
 * Brings a deleted article back as shown (status 0), a rejected one included (it is no longer
 * rejected); anything else is a no-op.
 */
export async function restoreArticle(ctx: RequestContext, articleId: number) {
  authorize(ctx.actor, 'moderate');
  if (!(await readArticle(articleId))) throw new AppError('NOT_FOUND', Texts.articles.missing);
  const { modifiedCount } = await changeArticle(
    { _id: articleId, status: ArticleStatus.Deleted },
    { $set: { status: ArticleStatus.Ok, updateTime: Date.now() }, $unset: { rejected: 1 } },
  );
  if (modifiedCount === 0) return;
  await logAction(ctx, {
    opType: 'update',
    dataType: 'article',
    dataId: articleId,
    description: Texts.audit.articleRestored,
  });
}
