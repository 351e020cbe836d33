/**
 * The bbs-go wire shape of comments: CommentResponse (docs/legacy-api.md §1.1, key order included),
 * alone or in cursor pages, built on core's comment parts. The authors, quoted comments and the
 * viewer's likes of a page are loaded with one query each.
 */
import {
  commentContent,
  commentImages,
  loadCommentRelations,
  quotedComment,
  siteRenderOptions,
  type CommentDoc,
  type CommentPage,
  type CommentRelations,
  type RenderOptions,
  type ThreadPage,
} from '@forum/core';
import { CommentStatus } from '@forum/contracts';
import { legacyCursorPage, type LegacyCursorPage } from './cursor-page';
import { legacyUserInfo, type LegacyUserInfo } from './users';

export type LegacyCommentPage = LegacyCursorPage<LegacyComment>;

export interface LegacyComment {
  commentId: number;
  user: LegacyUserInfo;
  entityType: string;
  entityId: number;
  content: string;
  imageList: { url: string; preview: string }[] | null;
  likeCount: number;
  commentCount: number;
  liked: boolean;
  quoteId: number;
  quote: LegacyComment | null;
  replies: LegacyCommentPage | null;
  status: number;
  createTime: number;
}

interface Parts {
  /** Build the quoted comment (replies). */
  quote: boolean;
  replies?: LegacyCommentPage | null;
}

function legacyComment(
  comment: CommentDoc,
  relations: CommentRelations,
  render: RenderOptions,
  parts: Parts = { quote: false },
): LegacyComment {
  const images = commentImages(comment);
  const quoted = quotedComment(comment, relations, parts.quote);
  return {
    commentId: comment._id,
    user: legacyUserInfo(relations.users.get(comment.userId), comment.userId),
    entityType: comment.entityType,
    entityId: comment.entityId,
    content: commentContent(comment, render),
    imageList: images.length ? images : null,
    likeCount: comment.likeCount ?? 0,
    commentCount: comment.commentCount ?? 0,
    liked: relations.liked.has(comment._id),
    quoteId: comment.quoteId ?? 0,
    // A quote is shown without its own quote or replies.
    quote: quoted ? legacyComment(quoted, relations, render) : null,
    replies: parts.replies ?? null,
    status: comment.status ?? CommentStatus.Ok,
    createTime: comment.createTime,
  };
}

function legacyReplies(
  page: CommentPage,
  relations: CommentRelations,
  render: RenderOptions,
): LegacyCommentPage {
  return legacyCursorPage(
    page.comments.map((reply) => legacyComment(reply, relations, render, { quote: true })),
    page,
  );
}

/** `/api/comment/comments`: top-level comments with their first replies embedded as cursor pages. */
export async function legacyThreadPage(
  page: ThreadPage,
  viewerId?: number | null,
): Promise<LegacyCommentPage> {
  const all = page.threads.flatMap((thread) => [thread.comment, ...(thread.replies?.comments ?? [])]);
  const relations = await loadCommentRelations(all, viewerId);
  const render = await siteRenderOptions();
  return legacyCursorPage(
    page.threads.map((thread) =>
      legacyComment(thread.comment, relations, render, {
        quote: false,
        replies: thread.replies && legacyReplies(thread.replies, relations, render),
      }),
    ),
    page,
  );
}

/** `/api/comment/replies`: replies with their quotes. */
export async function legacyReplyPage(
  page: CommentPage,
  viewerId?: number | null,
): Promise<LegacyCommentPage> {
  const relations = await loadCommentRelations(page.comments, viewerId);
  return legacyReplies(page, relations, await siteRenderOptions());
}

/** The create result: with its quote; a new comment has no replies and no likes yet. */
export async function legacyCommentOf(comment: CommentDoc): Promise<LegacyComment> {
  const relations = await loadCommentRelations([comment]);
  return legacyComment(comment, relations, await siteRenderOptions(), { quote: true });
}
