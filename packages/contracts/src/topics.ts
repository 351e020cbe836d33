import { z } from 'zod';
import type { TopicAbilities } from './abilities';
import { CursorInputSchema } from './paging';
import type { TagItem } from './tags';
import type { Author } from './users';
import { TopicType } from './constants';

/**
 * Upper bounds a transport accepts: far above the real limits, which the service checks with the
 * texts users see, so an oversized title still reads "标题长度不能超过128".
 */
const loose = (max: number) => z.string().max(max).default('');

const topicIdSchema = z.number().int().positive();

export const TopicImageSchema = z.object({ url: z.string().max(2048) });
export type TopicImage = z.infer<typeof TopicImageSchema>;

/** A new topic or tweet (legacy POST /api/topic/create). */
export const CreateTopicInputSchema = z.object({
  type: z.union([z.literal(TopicType.Topic), z.literal(TopicType.Tweet)]).default(TopicType.Topic),
  nodeId: z.number().int().min(0).default(0),
  title: loose(4096),
  content: loose(200_000),
  hideContent: loose(200_000),
  tags: z.array(z.string().max(256)).max(32).default([]),
  imageList: z.array(TopicImageSchema).max(32).default([]),
  captchaId: loose(64),
  captchaCode: loose(16),
});
export type CreateTopicInput = z.input<typeof CreateTopicInputSchema>;

/** An edit of a topic (type 0 only; tweets cannot be edited). */
export const EditTopicInputSchema = z.object({
  id: topicIdSchema,
  nodeId: z.number().int().min(0).default(0),
  title: loose(4096),
  content: loose(200_000),
  hideContent: loose(200_000),
  tags: z.array(z.string().max(256)).max(32).default([]),
});
export type EditTopicInput = z.input<typeof EditTopicInputSchema>;

export const TopicIdInputSchema = z.object({ id: topicIdSchema });

/** One list ordered by last activity: all, one node, recommended only, or one tag. */
export const TopicListInputSchema = CursorInputSchema.extend({
  nodeId: z.number().int().min(0).optional(),
  recommend: z.boolean().optional(),
  tagId: z.number().int().positive().optional(),
});
export type TopicListInput = z.infer<typeof TopicListInputSchema>;

export const TopicsByUserInputSchema = CursorInputSchema.extend({ userId: z.number().int().positive() });

export const StickyTopicsInputSchema = z.object({ nodeId: z.number().int().min(0).default(0) });

export const SetStickyInputSchema = z.object({ id: topicIdSchema, sticky: z.boolean() });
export const SetRecommendInputSchema = z.object({ id: topicIdSchema, recommend: z.boolean() });

export const ForbiddenWordInputSchema = z.object({ word: z.string().max(64) });

/** A topic or tweet in a list; `content` is safe HTML (empty for topics in lists). */
export interface TopicItem {
  id: number;
  type: TopicType;
  title: string;
  /** Plain-text summary of a topic; '' for tweets. */
  summary: string;
  /** Rendered safe HTML: a tweet's text always, a topic's body only in the detail. */
  content: string;
  imageList: { url: string; preview: string }[];
  user: Author;
  node: { id: number; name: string } | null;
  tags: TagItem[];
  viewCount: number;
  commentCount: number;
  likeCount: number;
  liked: boolean;
  recommend: boolean;
  sticky: boolean;
  lastCommentTime: number;
  createTime: number;
  /** When a tweet was last edited; 0 when never (the web app shows 已编辑 with this time). */
  editTime: number;
}

/** The detail of a topic; `hasHiddenContent` says whether a "visible after reply" part exists. */
export interface TopicDetail extends TopicItem {
  hasHiddenContent: boolean;
  /** What the viewer may do to the topic. */
  can: TopicAbilities;
}

/** What the edit form loads: the raw Markdown and tag names. */
export interface TopicEditForm {
  id: number;
  nodeId: number;
  title: string;
  content: string;
  hideContent: string;
  tags: string[];
}
