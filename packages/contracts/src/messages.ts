import { z } from 'zod';

/**
 * Message types (docs/legacy-api.md §4.5 and the enumerations of §3). 7 is ours: a level reached, which
 * bbs-go did not have.
 */
export const MessageType = {
  TopicComment: 0,
  CommentReply: 1,
  TopicLike: 2,
  TopicFavorite: 3,
  TopicRecommend: 4,
  TopicDelete: 5,
  ArticleComment: 6,
  LevelUp: 7,
  /** Ours: the system telling a user they were muted (with the end and reason) or unmuted. */
  MuteChanged: 8,
  /** Ours: the system telling an author that their article waiting for review was approved or rejected. */
  ArticleReviewed: 9,
  /** Ours: the system telling a reporter that their report was handled. */
  ReportHandled: 10,
  /** Ours: a member mentioned the recipient (`@username`) in a topic, tweet, article or comment. */
  Mention: 11,
  /**
   * Ours: a topic the recipient watches (关注此话题) has new comments (docs/events-and-jobs.md, "Watched
   * topics"): one message per burst, not one per comment.
   */
  TopicWatched: 12,
} as const;
export type MessageType = (typeof MessageType)[keyof typeof MessageType];

/** A page of `/api/user/messages` and `messages.list`. */
export const MESSAGE_PAGE_SIZE = 20;
/** Unread messages `/api/user/msgrecent` shows beside the count. */
export const RECENT_MESSAGES = 3;
/** Characters of a comment kept as a message's content or quote. */
export const MESSAGE_SUMMARY_LENGTH = 256;

export const MessageListInputSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
});

/** Marks read every message up to `upTo` (a message id), or all of them when it is absent. */
export const MarkMessagesReadInputSchema = z
  .object({ upTo: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .default({});

/** A message as legacy clients read it (`MessageResponse`, key order included). */
export interface LegacyMessage {
  messageId: number;
  /** The sender's UserInfo; `id` ≤ 0 is the system ("系统通知"). */
  from: { id: number; nickname: string; avatar: string; smallAvatar: string };
  userId: number;
  title: string;
  content: string;
  quoteContent: string;
  type: number;
  detailUrl: string;
  /** The raw JSON string, as bbs-go sent it. */
  extraData: string;
  status: number;
  createTime: number;
}

export interface RecentMessages {
  count: number;
  messages: LegacyMessage[] | null;
}
