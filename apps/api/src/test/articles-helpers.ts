/** Fixtures and expected shapes for the article, project and link tests. */
import { Article, nextId, reprojectArticle, type ArticleDoc, type UserDoc } from '@forum/core';

/** An article written straight to the database, for list tests that need a given status. */
export async function insertArticle(
  overrides: Partial<ArticleDoc> & { userId: number },
): Promise<ArticleDoc> {
  const id = await nextId('article');
  const now = Date.now();
  const doc = await Article.create({
    _id: id,
    title: `文章${id}`,
    content: `内容${id}`,
    createTime: now,
    updateTime: now,
    ...overrides,
  });
  await reprojectArticle(id);
  return doc.toObject() as ArticleDoc;
}

/** The legacy UserInfo of a freshly made user (no topics, no fans). */
export function legacyUserInfoOf(user: UserDoc) {
  return {
    id: user._id,
    nickname: user.nickname,
    avatar: '',
    smallAvatar: '',
    topicCount: 0,
    commentCount: 0,
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

export const success = (data: unknown) => ({ errorCode: 0, message: '', data, success: true });
export const message = (text: string) => ({ errorCode: 0, message: text, data: null, success: false });
export const coded = (errorCode: number, text: string) => ({
  errorCode,
  message: text,
  data: null,
  success: false,
});
