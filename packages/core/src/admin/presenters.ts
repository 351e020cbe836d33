import type { UserDoc } from '../users/model';
import { isMuted } from '../users/roles';
import type { ArticleDoc } from '../articles/model';
import { legacyArticleList, type LegacyArticleSimple } from '../articles/presenters';
import type { CommentDoc } from '../comments/model';
import { commentHtml } from '../comments/presenters';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import type { TopicDoc } from '../topics/model';
import { legacyTopicList, type LegacyTopic } from '../topics/presenters';
import { presentUserCard, type UserCard } from '../users/presenters';

/**
 * What the console and the legacy admin lists show of content: the public list shapes plus what
 * moderators need (the status, a deleted comment's text). One shape serves both transports.
 */

export interface AdminTopic extends LegacyTopic {
  status: number;
  nodeId: number;
}

export async function presentAdminTopics(topics: TopicDoc[]): Promise<AdminTopic[]> {
  const items = (await legacyTopicList(topics)) ?? [];
  return items.map((item, index) => ({
    ...item,
    status: topics[index]!.status,
    nodeId: topics[index]!.nodeId,
  }));
}

export type AdminArticle = LegacyArticleSimple;

export async function presentAdminArticles(articles: ArticleDoc[]): Promise<AdminArticle[]> {
  return (await legacyArticleList(articles)) ?? [];
}

export interface AdminComment {
  id: number;
  userId: number;
  entityType: string;
  entityId: number;
  contentType: string;
  quoteId: number;
  likeCount: number;
  commentCount: number;
  status: number;
  createTime: number;
  user: UserCard;
  content: string;
}

/** Comment columns without the raw content, the author and the content as safe HTML (§2.2). */
export async function presentAdminComments(comments: CommentDoc[]): Promise<AdminComment[]> {
  const users = await usersByIds(comments.map((comment) => comment.userId));
  const render = await siteRenderOptions();
  return comments.map((comment) => ({
    id: comment._id,
    userId: comment.userId,
    entityType: comment.entityType,
    entityId: comment.entityId,
    contentType: comment.contentType,
    quoteId: comment.quoteId ?? 0,
    likeCount: comment.likeCount ?? 0,
    commentCount: comment.commentCount ?? 0,
    status: comment.status ?? 0,
    createTime: comment.createTime,
    user: presentUserCard(users.get(comment.userId), comment.userId),
    content: commentHtml(comment, render),
  }));
}

/** A user as the admin lists and the legacy `user/{id}` show them: never the password hash. */
export interface AdminUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  emailVerified: boolean;
  roles: string[];
  status: number;
  score: number;
  topicCount: number;
  commentCount: number;
  forbidden: boolean;
  forbiddenEndTime: number;
  passwordSet: boolean;
  createTime: number;
  updateTime: number;
}

export function presentAdminUser(user: UserDoc, now = Date.now()): AdminUser {
  return {
    id: user._id,
    username: user.username ?? '',
    nickname: user.nickname,
    avatar: user.avatar ?? '',
    email: user.email ?? '',
    emailVerified: !!user.emailVerified,
    roles: [...(user.roles ?? [])],
    status: user.status ?? 0,
    score: user.score ?? 0,
    topicCount: user.topicCount ?? 0,
    commentCount: user.commentCount ?? 0,
    forbidden: isMuted(user, now),
    forbiddenEndTime: user.forbiddenEndTime ?? 0,
    // The read model keeps only a marker of the hash.
    passwordSet: !!user.passwordHash,
    createTime: user.createTime,
    updateTime: user.updateTime,
  };
}
