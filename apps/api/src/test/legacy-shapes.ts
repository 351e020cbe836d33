/** What legacy clients read: the UserInfo of a user and the keys of the answers, in bbs-go's order. */
import { expect } from 'vitest';
import { Tag, type UserDoc } from '@forum/core';

/** The shape a legacy client reads of any UserInfo. */
export const USER_INFO = {
  id: expect.any(Number),
  nickname: expect.any(String),
  avatar: expect.any(String),
  smallAvatar: expect.any(String),
  topicCount: expect.any(Number),
  commentCount: expect.any(Number),
  fansCount: expect.any(Number),
  followCount: expect.any(Number),
  score: expect.any(Number),
  description: expect.any(String),
  createTime: expect.any(Number),
  followed: expect.any(Boolean),
  // Ours, after the legacy keys: the level of the user's points.
  level: expect.any(Number),
  levelTitle: expect.any(String),
};

/** The UserInfo of a freshly built user (no fans, no points, the default description) with its counts. */
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

/** The TagResponses of the stored tags with these names, in this order. */
export async function tagResponses(...names: string[]): Promise<{ tagId: number; tagName: string }[]> {
  const tags = await Tag.find({ name: { $in: names } }).lean();
  return names.map((name) => ({ tagId: tags.find((tag) => tag.name === name)!._id, tagName: name }));
}

/** The keys of a UserDetail (`user/{id}`), after the UserInfo's. */
export const USER_DETAIL_KEYS = [
  'id',
  'nickname',
  'avatar',
  'smallAvatar',
  'topicCount',
  'commentCount',
  'fansCount',
  'followCount',
  'score',
  'description',
  'createTime',
  'followed',
  'level',
  'levelTitle',
  'username',
  'backgroundImage',
  'smallBackgroundImage',
  'homePage',
  'forbidden',
  'status',
];

/** The keys of the UserProfile a user reads of themself (`user/current`, sign-in answers). */
export const USER_PROFILE_KEYS = [...USER_DETAIL_KEYS, 'roles', 'passwordSet', 'email', 'emailVerified'];

export const ARTICLE_SIMPLE_KEYS = [
  'articleId',
  'user',
  'tags',
  'title',
  'summary',
  'sourceUrl',
  'viewCount',
  'createTime',
  'status',
];
export const ARTICLE_KEYS = [...ARTICLE_SIMPLE_KEYS, 'content'];
export const PROJECT_SIMPLE_KEYS = [
  'projectId',
  'user',
  'name',
  'title',
  'logo',
  'url',
  'docUrl',
  'downloadUrl',
  'summary',
  'createTime',
];
export const LINK_KEYS = ['linkId', 'url', 'title', 'summary', 'logo', 'createTime'];
