import { Texts } from '@forum/contracts';
/** What the console's use cases share: lookups that refuse, row shapes, operation-log writes. */
import { logAction, logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { addFavorite } from '../favorites/favorite';
import { Favorite, type FavoriteDoc } from '../favorites/model';
import { type RequestContext } from '../request-context';
import { type ThirdAccountDoc } from '../oauth/model';
import { favoriteIdOf } from '../read-model/favorites';
import { readUser } from '../read-model/users';
import { type UserDoc } from '../users/model';
import { type ArticleDoc } from '../articles/model';
import { readArticle } from '../read-model/articles';
import { tagsByIds } from '../tags/get-tag';
import { type TagDoc } from '../tags/model';
import { Comment } from '../comments/model';
import { updateWithEvents } from '../events/update-with-events';
import type { newEvent } from '../events/outbox';
import { reprojectComment } from '../read-model/comments';
import { presentFavoriteRow, type FavoriteRowInput, type ThirdAccountRowInput } from './rows';
import { changeArticle } from '../articles/change-article';

/** Sets a comment's status (0 shown, 1 deleted) with its events, projects and dispatches them. */
export async function setCommentStatus(
  commentId: number,
  from: number,
  to: number,
  events: ReturnType<typeof newEvent>[],
) {
  const { modifiedCount } = await updateWithEvents(
    Comment,
    { _id: commentId, status: from },
    { $set: { status: to } },
    events,
    // Projected even when nothing changed: a process that died after the write left it misplaced.
    { project: () => reprojectComment(commentId) },
  );
  return modifiedCount > 0;
}

/** A row of `t_article_tag` as the console shows it. */
export interface ArticleTagRow {
  id: number;
  articleId: number;
  tagId: number;
  status: number;
  createTime: number;
}

export async function articleOrNotFound(id: number): Promise<ArticleDoc> {
  const article = id > 0 ? await readArticle(id) : null;
  if (!article) throw new AppError('INVALID_INPUT', Texts.admin.entityNotFound);
  return article;
}

export async function logArticleChange(ctx: RequestContext, articleId: number, description: string) {
  await logAction(ctx, { opType: 'update', dataType: 'article', dataId: articleId, description });
}

/**
 * `t_article_tag` rows (legacy `article-tag/...`). An article keeps its tag ids in order
 * (`tagIds`), so a row is a position in that list: its id is `articleId * 100 + position + 1`
 * (an article has at most three tags), stable while the article's tags stay as they are.
 */
export const ROW_SPAN = 100;

export function rowsOf(article: ArticleDoc): ArticleTagRow[] {
  return (article.tagIds ?? []).map((tagId, position) => ({
    id: article._id * ROW_SPAN + position + 1,
    articleId: article._id,
    tagId,
    status: article.status ?? 0,
    createTime: article.createTime,
  }));
}

export async function articleTagRow(id: number): Promise<{ article: ArticleDoc; position: number } | null> {
  const position = (id % ROW_SPAN) - 1;
  const article = position >= 0 ? await readArticle(Math.floor(id / ROW_SPAN)) : null;
  if (!article || position >= (article.tagIds ?? []).length) return null;
  return { article, position };
}

export async function tagOrRefuse(tagId: number): Promise<TagDoc> {
  const tag = (await tagsByIds([tagId])).get(tagId);
  if (!tag) throw new AppError('INVALID_INPUT', Texts.articles.tagMissing);
  return tag;
}

export async function writeTagIds(ctx: RequestContext, article: ArticleDoc, tagIds: number[]) {
  await changeArticle({ _id: article._id }, { $set: { tagIds, updateTime: Date.now() } });
  const tags = await tagsByIds(tagIds);
  const names = tagIds.map((id) => tags.get(id)?.name ?? String(id));
  await logArticleChange(ctx, article._id, Texts.audit.articleTagsUpdated(names));
}

export async function userOrRefuse(userId: number | undefined): Promise<UserDoc> {
  const user = userId ? await readUser(userId) : null;
  if (!user) throw new AppError('INVALID_INPUT', Texts.users.missing);
  return user;
}

export async function favoriteFor(ctx: RequestContext, input: FavoriteRowInput, description: string) {
  const user = await userOrRefuse(input.userId);
  // Recorded as the user's own favourite, from the admin's request.
  await addFavorite({ ...ctx, actor: user }, input.entityType, input.entityId);
  const id = await favoriteIdOf(user._id, input.entityType, input.entityId);
  const row = id ? await Favorite.findById(id, { outbox: 0 }).lean<FavoriteDoc>() : null;
  if (!row) throw new AppError('INVALID_INPUT', Texts.common.invalidParam);
  await logAdminAction(ctx, { opType: 'create', dataType: 'favorite', dataId: row._id, description });
  return presentFavoriteRow(row);
}

export function accountFields(input: ThirdAccountRowInput, current?: ThirdAccountDoc) {
  const fields = {
    userId: input.userId ?? current?.userId ?? 0,
    provider: (input.thirdType ?? current?.provider ?? '').trim().slice(0, 300),
    providerUserId: (input.thirdId ?? current?.providerUserId ?? '').trim().slice(0, 256),
    avatar: (input.avatar ?? current?.avatar ?? '').slice(0, 1024),
    nickname: (input.nickname ?? current?.nickname ?? '').slice(0, 64),
    extraData: (input.extraData ?? current?.extraData ?? '').slice(0, 64 * 1024),
  };
  if (!fields.provider || !fields.providerUserId)
    throw new AppError('INVALID_INPUT', Texts.common.invalidParam);
  return fields;
}

/** A linked account already held by this identity, or this user already has one at the provider. */
export const accountTaken = () => new AppError('CONFLICT', Texts.users.thirdPartyAccountTaken);

export async function logAccount(ctx: RequestContext, opType: 'create' | 'update', id: number) {
  await logAdminAction(ctx, {
    opType,
    dataType: 'third_account',
    dataId: id,
    description: opType === 'create' ? Texts.audit.thirdAccountAdded : Texts.audit.thirdAccountUpdated,
  });
}
