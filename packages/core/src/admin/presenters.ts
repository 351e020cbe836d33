import type { UserDoc } from '../users/model';
import { isMuted } from '../users/roles';
import type { ArticleDoc } from '../articles/model';
import { articleSummary, loadArticleRelations, type ArticleRelations } from '../articles/presenters';
import type { CommentDoc } from '../comments/model';
import { commentHtml } from '../comments/presenters';
import { stripNul, type RenderOptions } from '../markdown';
import type { TopicNodeDoc } from '../nodes/model';
import type { TagDoc } from '../tags/model';
import { tagsIn } from '../tags/get-tag';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';
import type { TopicDoc } from '../topics/model';
import { loadTopicRelations, topicNodeOf, topicText, type TopicRelations } from '../topics/presenters';
import { presentUserCard, type UserCard } from '../users/presenters';

/**
 * What the console and the legacy admin lists show of content: the public list rows plus what
 * moderators need (the status, a deleted comment's text). One shape serves both transports; its
 * keys are the legacy admin API's, key for key.
 */

export interface AdminNode {
  nodeId: number;
  name: string;
  logo: string;
  description: string;
}

export interface AdminTag {
  tagId: number;
  tagName: string;
}

function adminNode(node: TopicNodeDoc): AdminNode {
  return { nodeId: node._id, name: node.name, logo: node.logo ?? '', description: node.description ?? '' };
}

function adminTags(tagIds: number[] | undefined, tags: Map<number, TagDoc>): AdminTag[] | null {
  const found = tagsIn(tagIds, tags);
  return found.length ? found.map((tag) => ({ tagId: tag._id, tagName: tag.name })) : null;
}

export interface AdminTopic {
  topicId: number;
  type: number;
  user: UserCard;
  node: AdminNode | null;
  tags: AdminTag[] | null;
  title: string;
  summary: string;
  content: string;
  imageList: { url: string; preview: string }[] | null;
  lastCommentTime: number;
  viewCount: number;
  commentCount: number;
  likeCount: number;
  liked: boolean;
  createTime: number;
  recommend: boolean;
  recommendTime: number;
  sticky: boolean;
  stickyTime: number;
  status: number;
  nodeId: number;
}

/**
 * A topic with bbs-go's TopicResponse keys (key order included): the console's row without its
 * status and node id, and what the legacy layer answers (`detail` for the topic's own page).
 */
export function topicRow(
  topic: TopicDoc,
  relations: TopicRelations,
  render: RenderOptions,
  detail = false,
): Omit<AdminTopic, 'status' | 'nodeId'> {
  const text = topicText(topic, detail, render);
  const node = topicNodeOf(topic, relations);
  return {
    topicId: topic._id,
    type: topic.type,
    user: presentUserCard(relations.users.get(topic.userId), topic.userId),
    node: node ? adminNode(node) : null,
    tags: adminTags(topic.tagIds, relations.tags),
    title: topic.title ?? '',
    summary: text.summary,
    content: text.content,
    imageList: text.images.length ? text.images : null,
    lastCommentTime: topic.lastCommentTime,
    viewCount: topic.viewCount ?? 0,
    commentCount: topic.commentCount ?? 0,
    likeCount: topic.likeCount ?? 0,
    liked: relations.liked.has(topic._id),
    createTime: topic.createTime,
    recommend: !!topic.recommend,
    recommendTime: topic.recommendTime ?? 0,
    sticky: !!topic.sticky,
    stickyTime: topic.stickyTime ?? 0,
  };
}

export async function presentAdminTopics(topics: TopicDoc[]): Promise<AdminTopic[]> {
  if (!topics.length) return [];
  const relations = await loadTopicRelations(topics);
  const render = await siteRenderOptions();
  return topics.map((topic) => ({
    ...topicRow(topic, relations, render),
    status: topic.status,
    nodeId: topic.nodeId,
  }));
}

export interface AdminArticle {
  articleId: number;
  user: UserCard;
  tags: AdminTag[] | null;
  title: string;
  summary: string;
  sourceUrl: string;
  viewCount: number;
  createTime: number;
  status: number;
}

/** An article with bbs-go's ArticleSimpleResponse keys: the console's row, and the legacy list item. */
export function articleRow(
  article: ArticleDoc,
  relations: ArticleRelations,
  render: RenderOptions,
): AdminArticle {
  return {
    articleId: article._id,
    user: presentUserCard(relations.users.get(article.userId), article.userId),
    tags: adminTags(article.tagIds, relations.tags),
    title: stripNul(article.title),
    summary: stripNul(articleSummary(article, render)),
    sourceUrl: article.sourceUrl ?? '',
    viewCount: article.viewCount ?? 0,
    createTime: article.createTime,
    status: article.status ?? 0,
  };
}

export async function presentAdminArticles(articles: ArticleDoc[]): Promise<AdminArticle[]> {
  if (!articles.length) return [];
  const relations = await loadArticleRelations(articles);
  const render = await siteRenderOptions();
  return articles.map((article) => articleRow(article, relations, render));
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

/** Comment columns without the raw content, the author and the content as safe HTML (docs/legacy-api.md §2.2). */
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
