import { z } from 'zod';
import { CursorInputSchema } from './paging';
import type { Author } from './users';

/** What can be commented on: a topic, an article, or a comment (a reply). Nothing else (docs/legacy-api.md Appendix A #14). */
export const CommentEntityTypes = ['topic', 'article', 'comment'] as const;
export type CommentEntityType = (typeof CommentEntityTypes)[number];

export const CommentContentTypes = ['text', 'markdown', 'html'] as const;
export type CommentContentType = (typeof CommentContentTypes)[number];

/** 2: hidden pending review, once reported by `reportHideThreshold` members (docs/moderation.md). */
export const CommentStatus = { Ok: 0, Deleted: 1, ReportHidden: 2 } as const;

export const COMMENT_PAGE_SIZE = 20;
export const REPLY_PAGE_SIZE = 10;
/** Replies embedded under each top-level comment of a list. */
export const EMBEDDED_REPLIES = 3;

const entityId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A new comment. Bounds here only keep absurd requests out; the service checks the real limits
 * with the texts users see ("请输入评论内容", "评论内容不能超过5000个字符").
 */
export const CreateCommentInputSchema = z.object({
  entityType: z.string().max(32),
  entityId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  content: z.string().max(100_000).default(''),
  contentType: z.enum(CommentContentTypes).default('text'),
  imageList: z
    .array(z.object({ url: z.string().max(2048) }))
    .max(32)
    .default([]),
  quoteId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});
export type CreateCommentInput = z.input<typeof CreateCommentInputSchema>;

/** Newest top-level comments of a topic or article; `cursor` is the last comment id seen. */
export const CommentListInputSchema = CursorInputSchema.extend({
  entityType: z.enum(CommentEntityTypes),
  entityId,
});
export type CommentListInput = z.infer<typeof CommentListInputSchema>;

/** Replies of one comment, oldest first; `cursor` is the last reply id seen. */
export const ReplyListInputSchema = CursorInputSchema.extend({ commentId: entityId });
export type ReplyListInput = z.infer<typeof ReplyListInputSchema>;

/** A comment as our web app reads it; `content` is safe HTML. */
export interface CommentItem {
  id: number;
  user: Author;
  entityType: string;
  entityId: number;
  content: string;
  imageList: { url: string; preview: string }[];
  likeCount: number;
  commentCount: number;
  liked: boolean;
  quoteId: number;
  /** The comment a reply answers (replies only). */
  quote: CommentItem | null;
  /** The first replies of a top-level comment in a list. */
  replies: { results: CommentItem[]; cursor: string; hasMore: boolean } | null;
  createTime: number;
  /** When it was last edited; 0 when never (the web app shows 已编辑 with this time). */
  editTime: number;
}
