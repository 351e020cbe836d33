/**
 * Comment lists, both served by the (entityType, entityId, status, _id) index: the comments of an
 * entity newest first, and the replies of a comment oldest first. Cursors are the last id seen.
 */
import { COMMENT_PAGE_SIZE, EMBEDDED_REPLIES, REPLY_PAGE_SIZE } from '@forum/contracts';
import { Comment, type CommentDoc } from './model';

const listProjection = { outbox: 0, ip: 0, userAgent: 0 } as const;

export interface CommentPage {
  comments: CommentDoc[];
  /** The last item's id, or the request cursor when the page is empty. */
  cursor: number;
  hasMore: boolean;
}

/** A top-level comment with the first replies of its thread. */
export interface CommentThread {
  comment: CommentDoc;
  /** Null when the comment never had a reply. */
  replies: CommentPage | null;
}

export interface ThreadPage {
  threads: CommentThread[];
  cursor: number;
  hasMore: boolean;
}

function pageOf(comments: CommentDoc[], cursor: number, limit: number): CommentPage {
  return { comments, cursor: comments.at(-1)?._id ?? cursor, hasMore: comments.length >= limit };
}

async function repliesAfter(commentId: number, cursor: number, limit: number): Promise<CommentDoc[]> {
  const filter: Record<string, unknown> = { entityType: 'comment', entityId: commentId, status: 0 };
  if (cursor > 0) filter._id = { $gt: cursor };
  return Comment.find(filter, listProjection).sort({ _id: 1 }).limit(limit).lean<CommentDoc[]>();
}

/** Shown comments of a topic or article, newest first, each with its first three replies. */
export async function listComments(query: {
  entityType: string;
  entityId: number;
  cursor?: number;
  limit?: number;
}): Promise<ThreadPage> {
  const { entityType, entityId, cursor = 0, limit = COMMENT_PAGE_SIZE } = query;
  const filter: Record<string, unknown> = { entityType, entityId, status: 0 };
  if (cursor > 0) filter._id = { $lt: cursor };
  const comments = await Comment.find(filter, listProjection)
    .sort({ _id: -1 })
    .limit(limit)
    .lean<CommentDoc[]>();
  // One small indexed query per thread that has replies (at most a page of them).
  const threads = await Promise.all(
    comments.map(async (comment): Promise<CommentThread> => {
      if (!comment.commentCount) return { comment, replies: null };
      const replies = await repliesAfter(comment._id, 0, EMBEDDED_REPLIES);
      return {
        comment,
        // bbs-go: more replies exist when the thread counts more than the three shown.
        replies: {
          comments: replies,
          cursor: replies.at(-1)?._id ?? 0,
          hasMore: comment.commentCount > EMBEDDED_REPLIES,
        },
      };
    }),
  );
  const page = pageOf(comments, cursor, limit);
  return { threads, cursor: page.cursor, hasMore: page.hasMore };
}

/** Shown replies of a comment, oldest first. */
export async function listReplies(query: {
  commentId: number;
  cursor?: number;
  limit?: number;
}): Promise<CommentPage> {
  const { commentId, cursor = 0, limit = REPLY_PAGE_SIZE } = query;
  if (!Number.isSafeInteger(commentId) || commentId <= 0) return pageOf([], cursor, limit);
  return pageOf(await repliesAfter(commentId, cursor, limit), cursor, limit);
}
