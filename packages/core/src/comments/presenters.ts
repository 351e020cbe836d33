/**
 * Output shapes of comments: our tRPC CommentItem, and the parts other shapes build on (content,
 * images, quote). The authors, quoted comments and the viewer's likes of a page are loaded with one
 * query each.
 */
import { CommentStatus, Texts, type CommentItem, type CursorPage } from '@forum/contracts';
import { likedAmong } from '../likes/queries';
import {
  linkMentions,
  renderMarkdown,
  renderText,
  sanitizeHtml,
  summarize,
  type RenderOptions,
} from '../markdown';
import type { UserDoc } from '../users/model';
import { readCommentMap } from '../read-model/comments';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import { presentUserCard, presentAuthor } from '../users/presenters';
import type { CommentPage, ThreadPage } from './list-comments';
import type { CommentDoc } from './model';
import { cursorPageOf } from '../cursor-page';

export interface CommentRelations {
  users: Map<number, UserDoc>;
  /** Comments that replies quote, by id. */
  quotes: Map<number, CommentDoc>;
  /** Ids of the comments the viewer liked. */
  liked: ReadonlySet<number>;
}

export async function loadCommentRelations(
  comments: CommentDoc[],
  viewerId?: number | null,
): Promise<CommentRelations> {
  const known = new Map(comments.map((comment) => [comment._id, comment]));
  const quoteIds = [...new Set(comments.map((comment) => comment.quoteId ?? 0))].filter(
    (id) => id > 0 && !known.has(id),
  );
  const quoted = [...(await readCommentMap(quoteIds)).values()];
  const all = [...comments, ...quoted];
  const [users, liked] = await Promise.all([
    usersByIds(all.map((comment) => comment.userId)),
    likedAmong(
      viewerId,
      'comment',
      all.map((comment) => comment._id),
    ),
  ]);
  return {
    users,
    quotes: new Map([...known, ...quoted.map((comment) => [comment._id, comment] as const)]),
    liked,
  };
}

/** What readers see of a comment: its HTML, or a placeholder once deleted. */
export function commentContent(comment: CommentDoc, render: RenderOptions): string {
  return comment.status === CommentStatus.Ok ? commentHtml(comment, render) : Texts.comments.deletedContent;
}

/**
 * The safe HTML of a comment whatever its status (moderators read deleted ones): Markdown
 * rendered, HTML sanitised, anything else escaped text.
 */
export function commentHtml(comment: CommentDoc, render: RenderOptions): string {
  const content = comment.content ?? '';
  const html =
    comment.contentType === 'markdown'
      ? renderMarkdown(content, render)
      : comment.contentType === 'html'
        ? sanitizeHtml(content, render)
        : renderText(content);
  return linkMentions(html, comment.mentions);
}

/** A comment's plain text cut to `length` characters (messages quote and summarise comments). */
export function commentSummary(comment: CommentDoc, length: number): string {
  return summarize(commentContent(comment, { baseUrl: '', urlRedirect: false }), length);
}

/** The comment's images as readers see them: none once deleted. */
export function commentImages(comment: CommentDoc): { url: string; preview: string }[] {
  const images = comment.status === CommentStatus.Ok ? (comment.imageList ?? []) : [];
  return images.map((image) => ({ url: image.url, preview: image.url }));
}

/** The comment a reply quotes, when `quote` asks for it and it is known. */
export function quotedComment(
  comment: CommentDoc,
  relations: CommentRelations,
  quote: boolean,
): CommentDoc | undefined {
  const quoteId = comment.quoteId ?? 0;
  return quote && quoteId > 0 ? relations.quotes.get(quoteId) : undefined;
}

type CommentItemPage = CursorPage<CommentItem>;

interface Parts {
  /** Build the quoted comment (replies). */
  quote: boolean;
  replies?: CommentItemPage | null;
}

function presentCommentItem(
  comment: CommentDoc,
  relations: CommentRelations,
  render: RenderOptions,
  parts: Parts = { quote: false },
): CommentItem {
  const quoted = quotedComment(comment, relations, parts.quote);
  return {
    id: comment._id,
    user: presentAuthor(presentUserCard(relations.users.get(comment.userId), comment.userId)),
    entityType: comment.entityType,
    entityId: comment.entityId,
    content: commentContent(comment, render),
    imageList: commentImages(comment),
    likeCount: comment.likeCount ?? 0,
    commentCount: comment.commentCount ?? 0,
    liked: relations.liked.has(comment._id),
    quoteId: comment.quoteId ?? 0,
    // A quote is shown without its own quote or replies.
    quote: quoted ? presentCommentItem(quoted, relations, render) : null,
    replies: parts.replies ?? null,
    createTime: comment.createTime,
    editTime: comment.editTime ?? 0,
  };
}

function presentReplies(
  page: CommentPage,
  relations: CommentRelations,
  render: RenderOptions,
): CommentItemPage {
  return cursorPageOf(
    page.comments.map((reply) => presentCommentItem(reply, relations, render, { quote: true })),
    page,
  );
}

/** Top-level comments with their first replies embedded as cursor pages. */
export async function presentThreadPage(
  page: ThreadPage,
  viewerId?: number | null,
): Promise<CommentItemPage> {
  const all = page.threads.flatMap((thread) => [thread.comment, ...(thread.replies?.comments ?? [])]);
  const relations = await loadCommentRelations(all, viewerId);
  const render = await siteRenderOptions();
  return cursorPageOf(
    page.threads.map((thread) =>
      presentCommentItem(thread.comment, relations, render, {
        quote: false,
        replies: thread.replies && presentReplies(thread.replies, relations, render),
      }),
    ),
    page,
  );
}

/** Replies with their quotes. */
export async function presentReplyPage(
  page: CommentPage,
  viewerId?: number | null,
): Promise<CommentItemPage> {
  const relations = await loadCommentRelations(page.comments, viewerId);
  return presentReplies(page, relations, await siteRenderOptions());
}

/** The create result: with its quote; a new comment has no replies and no likes yet. */
export async function presentComment(comment: CommentDoc): Promise<CommentItem> {
  const relations = await loadCommentRelations([comment]);
  return presentCommentItem(comment, relations, await siteRenderOptions(), { quote: true });
}
