/**
 * Moderators bring deleted content back and remove comments (legacy `/api/admin/topic/undelete`,
 * `/api/admin/comment/delete/{id}`). Restoring re-projects the document, so it returns to every
 * list it belongs to and, through `entity.changed`, to the search index; a topic also returns to
 * its author's fans' feeds. Each action is in the operation log.
 */
import { ArticleStatus, TopicStatus, Texts } from '@forum/contracts';
import { writeOperateLog } from '../audit/operate-log';
import { Comment } from '../comments/model';
import { AppError } from '../errors';
import { dispatchRecorded } from '../events/bus';
import { newEvent, recordEvents } from '../events/outbox';
import type { RequestContext } from '../request-context';
import { readArticle } from '../read-model/articles';
import { updateProjected } from '../read-model/changes';
import { readComment, reprojectComment } from '../read-model/comments';
import { readTopic } from '../read-model/topics';
import { authorize } from '../policies';

/** Brings a deleted topic back (status 0); a shown one is a no-op. */
export async function restoreTopic(ctx: RequestContext, topicId: number) {
  const user = authorize(ctx.actor, 'moderate');
  const topic = await readTopic(topicId);
  if (!topic) throw new AppError('NOT_FOUND', Texts.topics.missing);
  const restored = newEvent('topic.restored', { topicId, actorId: user._id });
  const { modifiedCount } = await updateProjected(
    'topic',
    { _id: topicId, status: TopicStatus.Deleted },
    { $set: { status: 0 } },
    [restored],
  );
  if (modifiedCount === 0) return;
  await writeOperateLog({
    userId: user._id,
    opType: 'update',
    dataType: 'topic',
    dataId: topicId,
    description: '恢复话题',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

/** Brings a deleted article back as shown (status 0); anything else is a no-op. */
export async function restoreArticle(ctx: RequestContext, articleId: number) {
  const user = authorize(ctx.actor, 'moderate');
  if (!(await readArticle(articleId))) throw new AppError('NOT_FOUND', Texts.articles.missing);
  const { modifiedCount } = await updateProjected(
    'article',
    { _id: articleId, status: ArticleStatus.Deleted },
    { $set: { status: ArticleStatus.Ok, updateTime: Date.now() } },
  );
  if (modifiedCount === 0) return;
  await writeOperateLog({
    userId: user._id,
    opType: 'update',
    dataType: 'article',
    dataId: articleId,
    description: '恢复文章',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

/** Sets a comment's status (0 shown, 1 deleted) with its events, projects and dispatches them. */
async function setCommentStatus(
  commentId: number,
  from: number,
  to: number,
  events: ReturnType<typeof newEvent>[],
) {
  const { modifiedCount } = await Comment.updateOne(
    { _id: commentId, status: from },
    { $set: { status: to }, ...(events.length ? recordEvents(...events) : {}) },
  );
  // Projected even when nothing changed: a process that died after the write left it misplaced.
  await reprojectComment(commentId);
  if (modifiedCount > 0) await dispatchRecorded(Comment, commentId, events);
  return modifiedCount > 0;
}

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
  if (!(await setCommentStatus(commentId, 0, 1, [deleted]))) return;
  await writeOperateLog({
    userId: user._id,
    opType: 'delete',
    dataType: 'comment',
    dataId: commentId,
    description: '',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

export async function restoreComment(ctx: RequestContext, commentId: number) {
  const user = authorize(ctx.actor, 'moderate');
  if (!(await readComment(commentId))) throw new AppError('NOT_FOUND', Texts.comments.missing);
  if (!(await setCommentStatus(commentId, 1, 0, []))) return;
  await writeOperateLog({
    userId: user._id,
    opType: 'update',
    dataType: 'comment',
    dataId: commentId,
    description: '恢复评论',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}
