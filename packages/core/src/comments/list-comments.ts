/**
 * Comment lists, read from the read model (read-model/comments.ts): the comments of an entity newest
 * first, and the replies of a comment oldest first. Cursors are the last id seen.
 */
import { COMMENT_PAGE_SIZE, EMBEDDED_REPLIES, REPLY_PAGE_SIZE } from '@forum/contracts';
import { commentLists, readCommentMap, readComments } from '../read-model/comments';
import { pageAsc, pageDesc, type IdPage } from '../read-model/lists';
import type { CommentDoc } from './model';

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

/** Shown comments of a topic or article, newest first, each with its first three replies. */
export async function listComments(query: {
  entityType: string;
  entityId: number;
  cursor?: number;
  limit?: number;
}): Promise<ThreadPage> {
  const { entityType, entityId, cursor = 0, limit = COMMENT_PAGE_SIZE } = query;
  const page = await pageDesc(commentLists.of(entityType, entityId), cursor, limit);
  const comments = await readComments(page.ids);
  // The first replies of every thread of the page, then all of them in one read.
  const replyPages = await Promise.all(
    comments.map((comment): Promise<IdPage | null> =>
      comment.commentCount
        ? pageAsc(commentLists.of('comment', comment._id), 0, EMBEDDED_REPLIES)
        : Promise.resolve(null),
    ),
  );
  const replies = await readCommentMap(replyPages.flatMap((replyPage) => replyPage?.ids ?? []));
  const threads = comments.map((comment, index): CommentThread => {
    const replyPage = replyPages[index];
    if (!replyPage) return { comment, replies: null };
    const shown = replyPage.ids.flatMap((id) => replies.get(id) ?? []);
    return {
      comment,
      // bbs-go: more replies exist when the thread counts more than the three shown.
      replies: {
        comments: shown,
        cursor: shown.at(-1)?._id ?? 0,
        hasMore: comment.commentCount > EMBEDDED_REPLIES,
      },
    };
  });
  return { threads, cursor: page.cursor, hasMore: page.hasMore };
}

/** Shown replies of a comment, oldest first. */
export async function listReplies(query: {
  commentId: number;
  cursor?: number;
  limit?: number;
}): Promise<CommentPage> {
  const { commentId, cursor = 0, limit = REPLY_PAGE_SIZE } = query;
  if (!Number.isSafeInteger(commentId) || commentId <= 0) return { comments: [], cursor, hasMore: false };
  const page = await pageAsc(commentLists.of('comment', commentId), cursor, limit);
  return { comments: await readComments(page.ids), cursor: page.cursor, hasMore: page.hasMore };
}
