/** Messages as legacy clients and our web app read them (`MessageResponse`, docs/legacy-api.md §3). */
import { MessageType, type LegacyMessage, Texts } from '@forum/contracts';
import { siteBaseUrl } from '../site';
import type { UserDoc } from '../users/model';
import { presentUserCard } from '../users/presenters';
import type { MessageDoc } from './model';

function extraOf(message: Pick<MessageDoc, 'extraData'>): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(message.extraData ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const positive = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);

/**
 * Where a message leads (legacy `detailUrl`): the topic or article commented on, the topic liked,
 * favourited or recommended, else the message page. A reply's root is recorded as `rootType` and
 * `rootId` beside the legacy fields, which name the parent comment.
 */
export function messageDetailPath(message: Pick<MessageDoc, 'type' | 'extraData'>): string {
  const extra = extraOf(message);
  const type = message.type as MessageType;
  if (
    type === MessageType.TopicComment ||
    type === MessageType.ArticleComment ||
    type === MessageType.CommentReply
  ) {
    const entityType = extra.rootType ?? extra.entityType;
    const entityId = positive(extra.rootId ?? extra.entityId);
    if (entityId && (entityType === 'topic' || entityType === 'article')) return `/${entityType}/${entityId}`;
  }
  if (
    type === MessageType.TopicLike ||
    type === MessageType.TopicFavorite ||
    type === MessageType.TopicRecommend ||
    type === MessageType.TopicWatched
  ) {
    const topicId = positive(extra.topicId);
    if (topicId) return `/topic/${topicId}`;
  }
  // A mention leads to the post (a comment: the topic or article it is under).
  if (type === MessageType.Mention) {
    const rootId = positive(extra.rootId);
    if (rootId && (extra.rootType === 'topic' || extra.rootType === 'article'))
      return `/${extra.rootType}/${rootId}`;
  }
  if (type === MessageType.LevelUp) return '/user/scores';
  // An approved article is shown now; a rejected one only on its author's own page.
  if (type === MessageType.ArticleReviewed) {
    const articleId = positive(extra.articleId);
    const authorId = positive(extra.authorId);
    if (articleId && extra.approved === true) return `/article/${articleId}`;
    if (authorId) return `/user/${authorId}?tab=articles`;
  }
  // A dismissed report's item is still there to look at (a comment: nothing to link to alone).
  if (type === MessageType.ReportHandled && extra.action === 'dismiss') {
    const targetId = positive(extra.targetId);
    if (
      targetId &&
      (extra.targetType === 'topic' || extra.targetType === 'article' || extra.targetType === 'user')
    )
      return `/${extra.targetType}/${targetId}`;
  }
  return '/user/messages';
}

/** The absolute `detailUrl` of the legacy shape. */
export function messageDetailUrl(message: Pick<MessageDoc, 'type' | 'extraData'>): string {
  return `${siteBaseUrl()}${messageDetailPath(message)}`;
}

/** One message; `readUpTo` is the recipient's read mark, `from` the sender (absent for the system). */
export function presentMessage(
  message: MessageDoc,
  from: UserDoc | undefined,
  readUpTo: number,
): LegacyMessage {
  const sender = presentUserCard(from, message.fromId);
  return {
    messageId: message._id,
    from:
      message.fromId > 0
        ? sender
        : {
            ...sender,
            id: message.fromId,
            nickname: Texts.messages.systemSender,
            avatar: '',
            smallAvatar: '',
          },
    userId: message.userId,
    title: message.title ?? '',
    content: message.content ?? '',
    quoteContent: message.quoteContent ?? '',
    type: message.type,
    detailUrl: messageDetailUrl(message),
    extraData: message.extraData ?? '{}',
    status: message._id <= readUpTo ? 1 : 0,
    createTime: message.createTime,
  };
}
