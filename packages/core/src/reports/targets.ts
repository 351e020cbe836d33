/** The items members report, read from the read model: who wrote them, where they are, what they say. */
import {
  ArticleStatus,
  CommentStatus,
  TopicStatus,
  TopicType,
  type ReportTargetType,
} from '@forum/contracts';
import { readArticle } from '../read-model/articles';
import { readComment } from '../read-model/comments';
import { readTopic } from '../read-model/topics';
import { readUser } from '../read-model/users';

export interface ReportTarget {
  targetType: ReportTargetType;
  targetId: number;
  /** Who wrote it (a member reported: the member). */
  userId: number;
  status: number;
  /** Not deleted: a member may report it, a moderator act on it. */
  present: boolean;
  topicType: number;
  title: string;
  excerpt: string;
  url: string;
}

const EXCERPT_LENGTH = 120;
const excerptOf = (text: string | null | undefined) => {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH)}…` : plain;
};

/** Where a comment is read: its topic or article page (a reply: its parent's). */
async function commentUrl(entityType: string, entityId: number): Promise<string> {
  if (entityType === 'comment') {
    const parent = await readComment(entityId);
    return parent ? commentUrl(parent.entityType, parent.entityId) : '';
  }
  return entityType === 'article' ? `/article/${entityId}` : `/topic/${entityId}`;
}

export async function readReportTarget(
  targetType: ReportTargetType,
  targetId: number,
): Promise<ReportTarget | null> {
  const base = { targetType, targetId };
  switch (targetType) {
    case 'topic': {
      const topic = await readTopic(targetId);
      if (!topic) return null;
      const tweet = topic.type === TopicType.Tweet;
      return {
        ...base,
        userId: topic.userId,
        status: topic.status,
        present: topic.status !== TopicStatus.Deleted,
        topicType: topic.type ?? 0,
        title: tweet ? excerptOf(topic.content) : (topic.title ?? ''),
        excerpt: excerptOf(topic.content),
        url: `/topic/${targetId}`,
      };
    }
    case 'comment': {
      const comment = await readComment(targetId);
      if (!comment) return null;
      return {
        ...base,
        userId: comment.userId,
        status: comment.status,
        present: comment.status !== CommentStatus.Deleted,
        topicType: 0,
        title: excerptOf(comment.content),
        excerpt: excerptOf(comment.content),
        url: await commentUrl(comment.entityType, comment.entityId),
      };
    }
    case 'article': {
      const article = await readArticle(targetId);
      if (!article) return null;
      return {
        ...base,
        userId: article.userId,
        status: article.status ?? 0,
        present: article.status !== ArticleStatus.Deleted,
        topicType: 0,
        title: article.title ?? '',
        excerpt: excerptOf(article.summary || article.content),
        url: `/article/${targetId}`,
      };
    }
    case 'user': {
      const user = await readUser(targetId);
      if (!user) return null;
      return {
        ...base,
        userId: user._id,
        status: user.status ?? 0,
        present: true,
        topicType: 0,
        title: user.nickname ?? '',
        excerpt: excerptOf(user.description),
        url: `/user/${targetId}`,
      };
    }
  }
}
