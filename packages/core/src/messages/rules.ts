/**
 * Who is told what (docs/legacy-api.md §4.5), as drafts built from the documents an event concerns.
 * Nobody is told about their own action (`sendMessage` drops those), and each person gets one
 * message per event: the author of a quoted comment gets the reply message, then the author of the
 * replied-to comment, then the author of the topic or article, each only if not told already.
 */
import { CommentStatus, MESSAGE_SUMMARY_LENGTH, MessageType, TopicType, Texts } from '@forum/contracts';
import type { ArticleDoc } from '../articles/model';
import type { CommentDoc } from '../comments/model';
import { commentSummary } from '../comments/presenters';
import { renderText, summarize } from '../markdown';
import type { TopicDoc } from '../topics/model';
import type { MessageDraft } from './send-message';

/** The topic or article a comment is under. */
export type CommentRoot = { entityType: 'topic'; doc: TopicDoc } | { entityType: 'article'; doc: ArticleDoc };

/** How a message quotes a topic: 《title》, or a tweet's text (or 分享图片 for images only). */
export function topicQuote(topic: TopicDoc): string {
  if (topic.type !== TopicType.Tweet) return `《${topic.title ?? ''}》`;
  const text = summarize(renderText(topic.content ?? ''), MESSAGE_SUMMARY_LENGTH);
  return text || Texts.topics.imageOnlyTweet;
}

function rootQuote(root: CommentRoot): string {
  return root.entityType === 'topic' ? topicQuote(root.doc) : `《${root.doc.title ?? ''}》`;
}

export interface CommentMessageInput {
  comment: CommentDoc;
  root: CommentRoot;
  /** The top-level comment a reply answers. */
  parent?: CommentDoc | null;
  /** The comment a reply quotes. */
  quoted?: CommentDoc | null;
}

export function commentMessageDrafts({ comment, root, parent, quoted }: CommentMessageInput): MessageDraft[] {
  const content = commentSummary(comment, MESSAGE_SUMMARY_LENGTH);
  const quoteId = comment.quoteId ?? 0;
  const drafts: MessageDraft[] = [];
  const reply = (to: CommentDoc): MessageDraft => ({
    userId: to.userId,
    fromId: comment.userId,
    type: MessageType.CommentReply,
    title: Texts.messages.replyToComment,
    content,
    quoteContent: commentSummary(to, MESSAGE_SUMMARY_LENGTH),
    extraData: {
      entityType: 'comment',
      entityId: parent?._id ?? comment.entityId,
      commentId: comment._id,
      quoteId,
      rootType: root.entityType,
      rootId: root.doc._id,
    },
  });
  if (quoted) drafts.push(reply(quoted));
  if (parent && parent.userId !== quoted?.userId) drafts.push(reply(parent));
  const rootAuthor = root.doc.userId;
  if (rootAuthor !== parent?.userId && rootAuthor !== quoted?.userId) {
    const onTopic = root.entityType === 'topic';
    drafts.push({
      userId: rootAuthor,
      fromId: comment.userId,
      type: onTopic ? MessageType.TopicComment : MessageType.ArticleComment,
      title: onTopic ? Texts.messages.replyToTopic : Texts.messages.replyToArticle,
      content,
      quoteContent: rootQuote(root),
      extraData: { entityType: root.entityType, entityId: root.doc._id, commentId: comment._id, quoteId },
    });
  }
  return drafts;
}

/** A like (2) or favourite (3) of a topic, told to its author. */
export function topicReactionDraft(kind: 'like' | 'favorite', topic: TopicDoc, userId: number): MessageDraft {
  const like = kind === 'like';
  return {
    userId: topic.userId,
    fromId: userId,
    type: like ? MessageType.TopicLike : MessageType.TopicFavorite,
    title: like ? Texts.messages.likedTopic : Texts.messages.favoritedTopic,
    content: '',
    quoteContent: topicQuote(topic),
    extraData: like
      ? { topicId: topic._id, likeUserId: userId }
      : { topicId: topic._id, favoriteUserId: userId },
  };
}

export function topicRecommendedDraft(topic: TopicDoc): MessageDraft {
  return {
    userId: topic.userId,
    fromId: 0,
    type: MessageType.TopicRecommend,
    title: Texts.messages.topicRecommended,
    content: '',
    quoteContent: topicQuote(topic),
    extraData: { topicId: topic._id },
  };
}

/** A topic deleted by someone else than its author (a moderator), from the system. */
export function topicDeletedDraft(topic: TopicDoc, actorId: number): MessageDraft | null {
  if (actorId === topic.userId) return null;
  return {
    userId: topic.userId,
    fromId: 0,
    type: MessageType.TopicDelete,
    title: Texts.messages.topicDeleted,
    content: '',
    quoteContent: topicQuote(topic),
    extraData: { topicId: topic._id, deleteUserId: actorId },
  };
}

/**
 * An article or comment deleted by a moderator: the same type 5 "deleted" message as a topic's,
 * from the system, quoting what was removed. The author deleting their own content is told nothing.
 */
export function contentDeletedDraft(
  entity: { entityType: 'article'; doc: ArticleDoc } | { entityType: 'comment'; doc: CommentDoc },
  actorId: number,
): MessageDraft | null {
  if (actorId === entity.doc.userId) return null;
  const isArticle = entity.entityType === 'article';
  return {
    userId: entity.doc.userId,
    fromId: 0,
    type: MessageType.TopicDelete,
    title: isArticle ? Texts.messages.articleDeleted : Texts.messages.commentDeleted,
    content: '',
    quoteContent: isArticle
      ? `《${entity.doc.title ?? ''}》`
      : // What the comment said, not the "内容已删除" readers now see.
        commentSummary({ ...entity.doc, status: CommentStatus.Ok }, MESSAGE_SUMMARY_LENGTH),
    extraData: isArticle
      ? { articleId: entity.doc._id, deleteUserId: actorId }
      : { commentId: entity.doc._id, deleteUserId: actorId },
  };
}

/**
 * A moderator's review of an article that waited for it (ours, type 9), from the system, quoting
 * its title: approved (readers see it now) or rejected.
 */
export function articleReviewedDraft(article: ArticleDoc, approved: boolean): MessageDraft {
  return {
    userId: article.userId,
    fromId: 0,
    type: MessageType.ArticleReviewed,
    title: approved ? Texts.messages.articleApproved : Texts.messages.articleRejected,
    content: '',
    quoteContent: `《${article.title ?? ''}》`,
    extraData: { articleId: article._id, authorId: article.userId, approved },
  };
}

/** A level reached (ours, type 7), from the system. */
export function levelUpDraft(userId: number, level: number, title: string): MessageDraft {
  return {
    userId,
    fromId: 0,
    type: MessageType.LevelUp,
    title: Texts.messages.levelUp(level, title),
    content: '',
    quoteContent: '',
    extraData: { level },
  };
}

/** A time as the site's readers read it: `yyyy-MM-dd HH:mm` in the site's time zone. */
export function siteDateTime(time: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(time);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * A mute set or lifted (ours, type 8), from the system: until when (or 永久) and why, so a muted
 * user learns it before writing a whole post, not from the refusal after.
 */
export function muteChangedDraft(
  userId: number,
  forbiddenEndTime: number,
  reason: string,
  timeZone: string,
): MessageDraft {
  const title =
    forbiddenEndTime === 0
      ? Texts.messages.unmuted
      : Texts.messages.muted(forbiddenEndTime === -1 ? '' : siteDateTime(forbiddenEndTime, timeZone), reason);
  return {
    userId,
    fromId: 0,
    type: MessageType.MuteChanged,
    title,
    content: '',
    quoteContent: '',
    extraData: { forbiddenEndTime },
  };
}

/**
 * A new comment on a topic the recipient watches (ours, type 12), from the commenter, quoting the
 * topic; the first comment of a burst (docs/events-and-jobs.md "Watched topics").
 */
export function topicWatchedDraft(userId: number, comment: CommentDoc, topic: TopicDoc): MessageDraft {
  return {
    userId,
    fromId: comment.userId,
    type: MessageType.TopicWatched,
    title: Texts.messages.topicWatched,
    content: commentSummary(comment, MESSAGE_SUMMARY_LENGTH),
    quoteContent: topicQuote(topic),
    extraData: { topicId: topic._id, commentId: comment._id },
  };
}
