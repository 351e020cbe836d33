import { CommentStatus, Texts } from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { readComment } from '../read-model/comments';
import { authorize } from '../policies';
import { setCommentStatus } from './rules';

/** Brings a deleted comment back (status 0); a shown one is a no-op. Each restore is in the operation log. */
export async function restoreComment(ctx: RequestContext, commentId: number) {
  authorize(ctx.actor, 'moderate');
  if (!(await readComment(commentId))) throw new AppError('NOT_FOUND', Texts.comments.missing);
  if (!(await setCommentStatus(commentId, CommentStatus.Deleted, CommentStatus.Ok, []))) return;
  await logAction(ctx, {
    opType: 'update',
    dataType: 'comment',
    dataId: commentId,
    description: Texts.audit.commentRestored,
  });
}
