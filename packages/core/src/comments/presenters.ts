/**
 * Output shapes of comments: the legacy CommentResponse (§1.1, key order included) and our tRPC
 * CommentItem. The authors, quoted comments and the viewer's likes of a page are loaded with one
 * query each.
 */
import { Texts, type CommentItem, type CursorPage } from '@forum/contracts';
import { likedAmong } from '../likes/queries';
import { renderMarkdown, renderText, sanitizeHtml, summarize, type RenderOptions } from '../markdown';
import type { UserDoc } from '../users/model';
import { readCommentMap } from '../read-model/comments';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import { presentUserCard, presentAuthor, type UserCard } from '../users/presenters';
import type { CommentPage, ThreadPage } from './list-comments';
import type { CommentDoc } from './model';
import { cursorPageOf, type LegacyCursorPage } from '../cursor-page';

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
function contentOf(comment: CommentDoc, render: RenderOptions): string {
  return comment.status === 0 ? commentHtml(comment, render) : Texts.comments.deletedContent;
}

/**
 * The safe HTML of a comment whatever its status (moderators read deleted ones): Markdown
 * rendered, HTML sanitised, anything else escaped text.
 */
export function commentHtml(comment: CommentDoc, render: RenderOptions): string {
  const content = comment.content ?? '';
  if (comment.contentType === 'markdown') return renderMarkdown(content, render);
  if (comment.contentType === 'html') return sanitizeHtml(content, render);
  return renderText(content);
}

/** A comment's plain text cut to `length` characters (messages quote and summarise comments). */
export function commentSummary(comment: CommentDoc, length: number): string {
  return summarize(contentOf(comment, { baseUrl: '', urlRedirect: false }), length);
}

export type LegacyCommentPage = LegacyCursorPage<LegacyComment>;

export interface LegacyComment {
  commentId: number;
  user: UserCard;
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

export function legacyComment(
  comment: CommentDoc,
  relations: CommentRelations,
  render: RenderOptions,
  parts: Parts = { quote: false },
): LegacyComment {
  const images = comment.status === 0 ? (comment.imageList ?? []) : [];
  const quoteId = comment.quoteId ?? 0;
  const quoted = parts.quote && quoteId > 0 ? relations.quotes.get(quoteId) : undefined;
  return {
    commentId: comment._id,
    user: presentUserCard(relations.users.get(comment.userId), comment.userId),
    entityType: comment.entityType,
    entityId: comment.entityId,
    content: contentOf(comment, render),
    imageList: images.length ? images.map((image) => ({ url: image.url, preview: image.url })) : null,
    likeCount: comment.likeCount ?? 0,
    commentCount: comment.commentCount ?? 0,
    liked: relations.liked.has(comment._id),
    quoteId,
    // A quote is shown without its own quote or replies.
    quote: quoted ? legacyComment(quoted, relations, render) : null,
    replies: parts.replies ?? null,
    status: comment.status ?? 0,
    createTime: comment.createTime,
  };
}

function legacyReplies(
  page: CommentPage,
  relations: CommentRelations,
  render: RenderOptions,
): LegacyCommentPage {
  return cursorPageOf(
    page.comments.length
      ? page.comments.map((reply) => legacyComment(reply, relations, render, { quote: true }))
      : null,
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
  return cursorPageOf(
    page.threads.length
      ? page.threads.map((thread) =>
          legacyComment(thread.comment, relations, render, {
            quote: false,
            replies: thread.replies && legacyReplies(thread.replies, relations, render),
          }),
        )
      : null,
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

function itemOf(legacy: LegacyComment): CommentItem {
  return {
    id: legacy.commentId,
    user: presentAuthor(legacy.user),
    entityType: legacy.entityType,
    entityId: legacy.entityId,
    content: legacy.content,
    imageList: legacy.imageList ?? [],
    likeCount: legacy.likeCount,
    commentCount: legacy.commentCount,
    liked: legacy.liked,
    quoteId: legacy.quoteId,
    quote: legacy.quote && itemOf(legacy.quote),
    replies: legacy.replies && pageItems(legacy.replies),
    createTime: legacy.createTime,
  };
}

function pageItems(page: LegacyCommentPage): CursorPage<CommentItem> {
  return { results: (page.results ?? []).map(itemOf), cursor: page.cursor, hasMore: page.hasMore };
}

export async function presentThreadPage(
  page: ThreadPage,
  viewerId?: number | null,
): Promise<CursorPage<CommentItem>> {
  return pageItems(await legacyThreadPage(page, viewerId));
}

export async function presentReplyPage(
  page: CommentPage,
  viewerId?: number | null,
): Promise<CursorPage<CommentItem>> {
  return pageItems(await legacyReplyPage(page, viewerId));
}

export async function presentComment(comment: CommentDoc): Promise<CommentItem> {
  return itemOf(await legacyCommentOf(comment));
}
