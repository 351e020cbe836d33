import { z } from 'zod';
import type { ArticleAbilities } from './abilities';
import { CursorInputSchema } from './paging';
import type { TagItem } from './tags';
import type { Author } from './users';
import type { ArticleStatus } from './constants';

/**
 * Upper bounds a transport accepts: far above the real limits, which the service checks with the
 * texts users see, so an oversized title still reads "标题长度不能超过128".
 */
const loose = (max: number) => z.string().max(max).default('');

const articleIdSchema = z.number().int().positive();

/** A new article (legacy POST /api/article/create). */
export const CreateArticleInputSchema = z.object({
  title: loose(4096),
  summary: loose(20_000),
  content: loose(400_000),
  tags: z.array(z.string().max(256)).max(32).default([]),
});
export type CreateArticleInput = z.input<typeof CreateArticleInputSchema>;

/** An edit of an article; `summary` left out keeps the stored one (the legacy form has none). */
export const EditArticleInputSchema = z.object({
  id: articleIdSchema,
  title: loose(4096),
  summary: z.string().max(20_000).optional(),
  content: loose(400_000),
  tags: z.array(z.string().max(256)).max(32).default([]),
});
export type EditArticleInput = z.input<typeof EditArticleInputSchema>;

export const ArticleIdInputSchema = z.object({ id: articleIdSchema });

export const ArticleListInputSchema = CursorInputSchema;
export const ArticlesByUserInputSchema = CursorInputSchema.extend({ userId: z.number().int().positive() });
export const ArticlesByTagInputSchema = CursorInputSchema.extend({ tagId: z.number().int().positive() });

/**
 * An article in a list. `title` and `summary` are plain text (the client escapes them); the
 * summary is the author's own, else the start of the rendered body.
 */
export interface ArticleItem {
  id: number;
  title: string;
  summary: string;
  sourceUrl: string;
  user: Author;
  tags: TagItem[];
  status: ArticleStatus;
  /** Deleted by a moderator while it waited for review (only its author's page lists it). */
  rejected: boolean;
  viewCount: number;
  commentCount: number;
  likeCount: number;
  createTime: number;
  updateTime: number;
}

/** The detail of an article; `content` is rendered safe HTML. */
export interface ArticleDetail extends ArticleItem {
  content: string;
  /** What the viewer may do to the article. */
  can: ArticleAbilities;
}

/** What the edit form loads: the raw Markdown and tag names. */
export interface ArticleEditForm {
  id: number;
  title: string;
  summary: string;
  content: string;
  tags: string[];
}
