/**
 * The `notify` queue: messages (docs/legacy-api.md §4.5) and live pushes to open pages. One job per event, as every
 * queue has: a comment's job stores its messages and shows the comment to readers of its topic or
 * article; a new topic's job tells readers of topic lists.
 */
import { ArticleStatus, QueueName, SocketRoom, TopicStatus } from '@forum/contracts';
import { defineEventJob } from '../events/jobs';
import { pushLive } from '../live';
import { readArticle } from '../read-model/articles';
import { readTopic } from '../read-model/topics';
import { readComment } from '../read-model/comments';
import { readUser } from '../read-model/users';
import { shownComment } from '../comments/shown';
import {
  articleReviewedDraft,
  commentMessageDrafts,
  contentDeletedDraft,
  levelUpDraft,
  muteChangedDraft,
  topicDeletedDraft,
  topicReactionDraft,
  topicRecommendedDraft,
  type CommentRoot,
} from './rules';
import { sendMessage } from './send-message';
import { notifyWatchers, watchPostedTopic } from '../watches/jobs';
import { tellMentioned } from '../mentions/notify-mentions';
import type { CommentDoc } from '../comments/model';
import { configuredLevels } from '../points/levels';
import { siteTimeZone } from '../points/rules';

/** The shown topic or article a top-level comment is under; other entity types have none. */
export async function shownRoot(entityType: string, entityId: number): Promise<CommentRoot | null> {
  if (entityType === 'topic') {
    const doc = await readTopic(entityId);
    return doc?.status === 0 ? { entityType, doc } : null;
  }
  if (entityType === 'article') {
    const doc = await readArticle(entityId);
    return doc?.status === 0 ? { entityType, doc } : null;
  }
  return null;
}

/**
 * Where a shown comment or reply is: the top-level comment a reply answers, and the shown topic or
 * article of the thread; null when readers cannot see it.
 */
export async function commentPlace(
  comment: CommentDoc,
): Promise<{ parent: CommentDoc | null; root: CommentRoot } | null> {
  const parent = comment.entityType === 'comment' ? await shownComment(comment.entityId) : null;
  if (comment.entityType === 'comment' && !parent) return null;
  const root = await shownRoot(
    parent?.entityType ?? comment.entityType,
    parent?.entityId ?? comment.entityId,
  );
  return root ? { parent, root } : null;
}

export const notifyCommentJob = defineEventJob('comment.created', {
  queue: QueueName.Notify,
  name: 'notify-comment',
  // Idempotent: each message is stored once per event and recipient (a watcher's: see
  // notifyWatchers), each mention once per comment and member. One comment tells a member once: a
  // reply's recipient gets no mention message, and neither they nor a mentioned member a watcher's.
  async handler({ id, payload }) {
    const comment = await shownComment(payload.commentId);
    if (!comment) return;
    const [place, quoted] = await Promise.all([commentPlace(comment), shownComment(comment.quoteId)]);
    if (!place) return;
    const { parent, root } = place;
    const drafts = commentMessageDrafts({ comment, root, parent, quoted });
    for (const draft of drafts) await sendMessage(id, draft);
    const told = new Set(drafts.map((draft) => draft.userId));
    await tellMentioned({ kind: 'comment', doc: comment, root }, told);
    // Watchers of a topic hear once per burst; whoever the comment names or answers is not told again.
    if (root.entityType === 'topic') {
      for (const { userId } of comment.mentions ?? []) told.add(userId);
      await notifyWatchers(id, comment, root.doc, told);
    }
    pushLive(SocketRoom.entity(root.entityType, root.doc._id), 'comment:new', {
      entityType: root.entityType,
      entityId: root.doc._id,
      commentId: comment._id,
      parentId: parent?._id ?? 0,
      userId: comment.userId,
    });
  },
});

export const notifyLikeJob = defineEventJob('like.created', {
  queue: QueueName.Notify,
  name: 'notify-like',
  // Only topic likes are told (docs/legacy-api.md §4.5); idempotent per event and recipient.
  async handler({ id, payload }) {
    if (payload.entityType !== 'topic') return;
    const topic = await readTopic(payload.entityId);
    if (topic?.status !== TopicStatus.Ok) return;
    await sendMessage(id, topicReactionDraft('like', topic, payload.userId));
  },
});

export const notifyFavoriteJob = defineEventJob('favorite.created', {
  queue: QueueName.Notify,
  name: 'notify-favorite',
  // Only topic favourites are told (docs/legacy-api.md §4.5); idempotent per event and recipient.
  async handler({ id, payload }) {
    if (payload.entityType !== 'topic') return;
    const topic = await readTopic(payload.entityId);
    if (topic?.status !== TopicStatus.Ok) return;
    await sendMessage(id, topicReactionDraft('favorite', topic, payload.userId));
  },
});

export const notifyRecommendedJob = defineEventJob('topic.recommended', {
  queue: QueueName.Notify,
  name: 'notify-recommended',
  async handler({ id, payload }) {
    const topic = await readTopic(payload.topicId);
    if (topic?.status !== TopicStatus.Ok || !topic.recommend) return;
    await sendMessage(id, topicRecommendedDraft(topic));
  },
});

export const notifyTopicDeletedJob = defineEventJob('topic.deleted', {
  queue: QueueName.Notify,
  name: 'notify-topic-deleted',
  async handler({ id, payload }) {
    const topic = await readTopic(payload.topicId);
    if (!topic || topic.status === TopicStatus.Ok) return;
    const draft = topicDeletedDraft(topic, payload.actorId);
    if (draft) await sendMessage(id, draft);
  },
});

export const notifyContentDeletedJob = defineEventJob('content.deleted', {
  queue: QueueName.Notify,
  name: 'notify-content-deleted',
  async handler({ id, payload }) {
    const entity =
      payload.entityType === 'article'
        ? await readArticle(payload.entityId).then((doc) => doc && ({ entityType: 'article', doc } as const))
        : await readComment(payload.entityId).then((doc) => doc && ({ entityType: 'comment', doc } as const));
    // Restored before the job ran: nothing to tell.
    if (entity?.doc.status !== 1) return;
    const draft = contentDeletedDraft(entity, payload.actorId);
    if (draft) await sendMessage(id, draft);
  },
});

export const notifyArticleReviewedJob = defineEventJob('article.reviewed', {
  queue: QueueName.Notify,
  name: 'notify-article-reviewed',
  // Idempotent per event and recipient (`sendMessage`). An approval is told as it happened (the
  // article may be changed again since); a rejection only while the article is still removed.
  async handler({ id, payload }) {
    const article = await readArticle(payload.articleId);
    if (!article) return;
    if (!payload.approved && article.status !== ArticleStatus.Deleted) return;
    await sendMessage(id, articleReviewedDraft(article, payload.approved));
  },
});

export const pushNewTopicJob = defineEventJob('topic.created', {
  queue: QueueName.Notify,
  name: 'push-new-topic',
  // Makes the author a watcher of their topic, tells the members the topic or tweet mentions (once
  // per topic and member), then pushes it to the lists (an event has one job per queue). A second
  // run finds the watch and the mentions done; a push twice shows one banner: clients count
  // topics by id.
  async handler({ payload }) {
    const topic = await readTopic(payload.topicId);
    if (topic?.status !== TopicStatus.Ok) return;
    await watchPostedTopic(topic);
    await tellMentioned({ kind: 'topic', doc: topic });
    const author = await readUser(topic.userId);
    pushLive(SocketRoom.topics, 'topic:new', {
      id: topic._id,
      nodeId: topic.nodeId ?? 0,
      type: topic.type ?? 0,
      title: topic.title ?? '',
      user: { id: topic.userId, nickname: author?.nickname ?? '', avatar: author?.avatar ?? '' },
    });
  },
});

export const notifyLevelUpJob = defineEventJob('user.leveled-up', {
  queue: QueueName.Notify,
  name: 'notify-level-up',
  async handler({ id, payload }) {
    const reached = (await configuredLevels()).find((entry) => entry.level === payload.level);
    await sendMessage(id, levelUpDraft(payload.userId, payload.level, reached?.title ?? ''));
  },
});

export const notifyMuteChangedJob = defineEventJob('user.mute-changed', {
  queue: QueueName.Notify,
  name: 'notify-mute-changed',
  async handler({ id, payload }) {
    const draft = muteChangedDraft(
      payload.userId,
      payload.forbiddenEndTime,
      payload.reason,
      await siteTimeZone(),
    );
    await sendMessage(id, draft);
  },
});

export const messageJobs = [
  notifyLevelUpJob,
  notifyMuteChangedJob,
  notifyCommentJob,
  notifyLikeJob,
  notifyFavoriteJob,
  notifyRecommendedJob,
  notifyTopicDeletedJob,
  notifyContentDeletedJob,
  notifyArticleReviewedJob,
  pushNewTopicJob,
];
