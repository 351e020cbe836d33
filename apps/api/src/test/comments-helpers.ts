/** Fixtures for the comment, like and favourite tests. */
import {
  createComment,
  readComment,
  readTopic,
  type CommentDoc,
  type TopicDoc,
  type UserDoc,
} from '@forum/core';
import { makeNodes, insertTopic } from './topics-helpers';

/** A shown topic by `author` in the default node. */
export async function makeTopic(author: UserDoc, overrides: Partial<TopicDoc> = {}): Promise<TopicDoc> {
  const { defaultNodeId } = await makeNodes();
  return insertTopic({ userId: author._id, nodeId: defaultNodeId, ...overrides });
}

/** A comment made through the service, as a user would. */
export async function makeComment(
  author: UserDoc,
  entityType: string,
  entityId: number,
  content = '评论',
  extra: { quoteId?: number; contentType?: 'text' | 'markdown' | 'html' } = {},
): Promise<CommentDoc> {
  return createComment(author, { entityType, entityId, content, ...extra });
}

/** A topic's counts as pages read them: sizes of its lists in the read model. */
export async function topicCounters(id: number) {
  const topic = await readTopic(id);
  return { commentCount: topic!.commentCount, likeCount: topic!.likeCount };
}

/** A comment as pages read it, counts included. */
export async function commentOf(id: number): Promise<CommentDoc> {
  return (await readComment(id))!;
}

/** The legacy UserInfo of a freshly made user (no counters yet, default description). */
export function userInfo(user: UserDoc, counts: Partial<Record<'commentCount' | 'topicCount', number>> = {}) {
  return {
    id: user._id,
    nickname: user.nickname,
    avatar: '',
    smallAvatar: '',
    topicCount: counts.topicCount ?? 0,
    commentCount: counts.commentCount ?? 0,
    fansCount: 0,
    followCount: 0,
    score: 0,
    description: '这家伙很懒，什么都没留下',
    createTime: user.createTime,
    followed: false,
    level: 1,
    levelTitle: '新手',
  };
}
