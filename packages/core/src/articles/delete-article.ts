import { ArticleStatus } from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { assertCanPost, can } from '../policies';
import type { RequestContext } from '../request-context';
import { isValidId, manageableArticle } from './get-article';
import { readArticle } from '../read-model/articles';
import { newEvent } from '../events/outbox';
import { signedIn } from '../policies';
import { changeArticle } from './change-article';

/**
 * Soft-deletes an article (status 1) by its author or a moderator. The tag ids stay on the row but
 * every list filters by status, so the article leaves its tags' lists at once (docs/legacy-api.md Appendix A #10).
 * Moderators act on reports, so their own mute does not stop them removing content.
 */
export async function deleteArticle(ctx: RequestContext, articleId: number): Promise<void> {
  const actor = signedIn(ctx.actor);
  const moderator = can(actor, 'moderate');
  const user = moderator ? actor : await assertCanPost(actor);
  // For moderators an article deleted already is done (two of them may act on one report at once).
  if (moderator && isValidId(articleId) && (await readArticle(articleId))?.status === ArticleStatus.Deleted)
    return;
  const article = await manageableArticle(user, articleId, 'deleteArticle');
  // A moderator deleting someone else's article tells its author: a pending one is rejected
  // (`article.reviewed`, and it stays on the author's own page marked so), a shown one deleted (type 5).
  const rejected = user._id !== article.userId && article.status === ArticleStatus.Pending;
  const events =
    user._id === article.userId
      ? []
      : rejected
        ? [
            newEvent('article.reviewed', {
              articleId: article._id,
              userId: article.userId,
              actorId: user._id,
              approved: false,
            }),
          ]
        : [
            newEvent('content.deleted', {
              entityType: 'article',
              entityId: article._id,
              userId: article.userId,
              actorId: user._id,
            }),
          ];
  // The status condition makes a concurrent second delete change and log nothing.
  const { modifiedCount } = await changeArticle(
    { _id: article._id, status: article.status },
    {
      $set: {
        status: ArticleStatus.Deleted,
        updateTime: Date.now(),
        ...(rejected ? { rejected: true } : {}),
      },
    },
    events,
  );
  if (modifiedCount === 0) return;
  await logAction(ctx, { opType: 'delete', dataType: 'article', dataId: article._id, description: '' });
}
