import { CommentStatus, Texts } from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import { newEvent } from '../events/outbox';
import type { RequestContext } from '../request-context';
import { readComment } from '../read-model/comments';
import { authorize } from '../policies';
import { setCommentStatus } from './rules';

/** A moderator deletes a comment; its author is told (type 5) unless it is their own. */
export async function deleteCommentAsModerator(ctx: RequestContext, commentId: number) {
  const user = authorize(ctx.actor, 'moderate');
  const comment = await readComment(commentId);
  if (!comment) throw new AppError('NOT_FOUND', Texts.comments.missing);
  const deleted = newEvent('content.deleted', {
    entityType: 'comment',
    entityId: commentId,
    userId: comment.userId,
    actorId: user._id,
  });
  if (!(await setCommentStatus(commentId, CommentStatus.Ok, CommentStatus.Deleted, [deleted]))) return;
  await logAction(ctx, { opType: 'delete', dataType: 'comment', dataId: commentId, description: '' });
}
