/**
 * An admin's edit of an article (legacy `article/update`) and of its tags (`article/tags`): the
 * article's text rules with their texts, projected like every edit, and in the operation log.
 */
import { TAGS_PER_ARTICLE_MAX, Texts } from '@forum/contracts';
import type { ArticleDoc } from '../articles/model';
import { checkArticleText } from '../articles/rules';
import { adminPaging } from '../audit/admin-query';
import { writeOperateLog } from '../audit/operate-log';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { articleLists, readArticle, readArticles } from '../read-model/articles';
import { pageByNumber } from '../read-model/lists';
import { updateProjected } from '../read-model/changes';
import { getOrCreateTags } from '../tags/get-or-create-tags';
import { tagsByIds } from '../tags/get-tag';
import type { TagDoc } from '../tags/model';
import { cleanTagNames } from '../topics/rules';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';

export const ARTICLE_CONTENT_TYPES = ['markdown', 'html'] as const;

/** The fields `article/update` binds; an absent one keeps the article's value. */
export interface AdminArticleUpdate {
  id: number;
  title?: string;
  summary?: string;
  content?: string;
  contentType?: string;
  sourceUrl?: string;
}

async function articleOrNotFound(id: number): Promise<ArticleDoc> {
  const article = id > 0 ? await readArticle(id) : null;
  if (!article) throw new AppError('INVALID_INPUT', 'entity not found');
  return article;
}

async function logArticleChange(actor: UserDoc, articleId: number, description: string, ctx: RequestContext) {
  await writeOperateLog({
    userId: actor._id,
    opType: 'update',
    dataType: 'article',
    dataId: articleId,
    description,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
}

export async function updateArticleByAdmin(
  ctx: RequestContext,
  input: AdminArticleUpdate,
): Promise<ArticleDoc> {
  const user = authorize(ctx.actor, 'moderate');
  const article = await articleOrNotFound(input.id);
  const text = checkArticleText(
    input.title ?? article.title,
    input.summary ?? article.summary ?? '',
    input.content ?? article.content,
  );
  const contentType = (input.contentType ?? article.contentType ?? '').trim();
  if (!(ARTICLE_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new AppError('INVALID_INPUT', Texts.articles.contentTypeRequired);
  }
  const sourceUrl = (input.sourceUrl ?? article.sourceUrl ?? '').trim().slice(0, 1024);
  const { doc } = await updateProjected(
    'article',
    { _id: article._id },
    { $set: { ...text, contentType, sourceUrl, updateTime: Date.now() } },
  );
  await logArticleChange(user, article._id, '管理员修改文章', ctx);
  return (doc as ArticleDoc | null) ?? (await articleOrNotFound(article._id));
}

/** An article's tags in their order (legacy `GET article/tags`). */
export async function articleTagsForAdmin(
  actor: UserDoc | null | undefined,
  articleId: number,
): Promise<TagDoc[]> {
  authorize(actor, 'moderate');
  const article = await articleOrNotFound(articleId);
  const ids = article.tagIds ?? [];
  const tags = await tagsByIds(ids);
  return ids.flatMap((id) => tags.get(id) ?? []);
}

/** Replaces an article's tags by names (legacy `PUT article/tags`, `tags` a comma list). */
export async function setArticleTagsByAdmin(
  ctx: RequestContext,
  articleId: number,
  names: string[],
): Promise<TagDoc[]> {
  const user = authorize(ctx.actor, 'moderate');
  const article = await articleOrNotFound(articleId);
  const tags = await getOrCreateTags(cleanTagNames(names, TAGS_PER_ARTICLE_MAX));
  await writeTagIds(
    user,
    article,
    tags.map((tag) => tag._id),
    ctx,
  );
  return tags;
}

/**
 * `t_article_tag` rows (legacy `article-tag/...`). An article keeps its tag ids in order
 * (`tagIds`), so a row is a position in that list: its id is `articleId * 100 + position + 1`
 * (an article has at most three tags), stable while the article's tags stay as they are.
 */
const ROW_SPAN = 100;

export interface ArticleTagRow {
  id: number;
  articleId: number;
  tagId: number;
  status: number;
  createTime: number;
}

function rowsOf(article: ArticleDoc): ArticleTagRow[] {
  return (article.tagIds ?? []).map((tagId, position) => ({
    id: article._id * ROW_SPAN + position + 1,
    articleId: article._id,
    tagId,
    status: article.status ?? 0,
    createTime: article.createTime,
  }));
}

async function articleTagRow(id: number): Promise<{ article: ArticleDoc; position: number } | null> {
  const position = (id % ROW_SPAN) - 1;
  const article = position >= 0 ? await readArticle(Math.floor(id / ROW_SPAN)) : null;
  if (!article || position >= (article.tagIds ?? []).length) return null;
  return { article, position };
}

export async function getArticleTagRow(
  actor: UserDoc | null | undefined,
  id: number,
): Promise<ArticleTagRow> {
  authorize(actor, 'moderate');
  const found = await articleTagRow(id);
  if (!found) throw new AppError('INVALID_INPUT', `Not found, id=${id}`);
  return rowsOf(found.article)[found.position]!;
}

/** The rows of one article, or of the shown articles of one tag (newest first, paged). */
export async function listArticleTagRows(
  actor: UserDoc | null | undefined,
  query: { articleId?: number; tagId?: number; page?: number; limit?: number },
) {
  authorize(actor, 'moderate');
  const { page, limit } = adminPaging(query);
  let rows: ArticleTagRow[];
  let total: number;
  if (query.articleId) {
    const article = await readArticle(query.articleId);
    rows = (article ? rowsOf(article) : []).filter((row) => !query.tagId || row.tagId === query.tagId);
    total = rows.length;
    rows = rows.slice((page - 1) * limit, page * limit);
  } else if (query.tagId) {
    const tagId = query.tagId;
    const listed = await pageByNumber(articleLists.tag(tagId), page, limit);
    rows = (await readArticles(listed.ids)).flatMap((article) =>
      rowsOf(article).filter((row) => row.tagId === tagId),
    );
    total = listed.total;
  } else {
    throw new AppError('INVALID_INPUT', Texts.articles.tagQueryNeedsId);
  }
  return { page: { page, limit, total }, results: rows };
}

async function tagOrRefuse(tagId: number): Promise<TagDoc> {
  const tag = (await tagsByIds([tagId])).get(tagId);
  if (!tag) throw new AppError('INVALID_INPUT', Texts.articles.tagMissing);
  return tag;
}

async function writeTagIds(actor: UserDoc, article: ArticleDoc, tagIds: number[], ctx: RequestContext) {
  await updateProjected('article', { _id: article._id }, { $set: { tagIds, updateTime: Date.now() } });
  const tags = await tagsByIds(tagIds);
  const names = tagIds.map((id) => tags.get(id)?.name ?? String(id)).join('、');
  await logArticleChange(actor, article._id, `修改文章标签：${names || '无'}`, ctx);
}

/** Adds a tag to an article (a tag it has already is the same row). */
export async function createArticleTagRow(
  ctx: RequestContext,
  input: { articleId: number; tagId: number },
): Promise<ArticleTagRow> {
  const user = authorize(ctx.actor, 'moderate');
  const article = await articleOrNotFound(input.articleId);
  await tagOrRefuse(input.tagId);
  const current = article.tagIds ?? [];
  const tagIds = current.includes(input.tagId) ? current : [...current, input.tagId];
  if (tagIds.length > TAGS_PER_ARTICLE_MAX) {
    throw new AppError('INVALID_INPUT', Texts.articles.tooManyTags);
  }
  if (tagIds !== current) await writeTagIds(user, article, tagIds, ctx);
  return rowsOf({ ...article, tagIds })[tagIds.indexOf(input.tagId)]!;
}

/** Puts another tag at a row's place. */
export async function updateArticleTagRow(
  ctx: RequestContext,
  id: number,
  input: { tagId: number },
): Promise<ArticleTagRow> {
  const user = authorize(ctx.actor, 'moderate');
  const found = await articleTagRow(id);
  if (!found) throw new AppError('INVALID_INPUT', 'entity not found');
  await tagOrRefuse(input.tagId);
  const tagIds = [...(found.article.tagIds ?? [])];
  if (tagIds.some((tagId, position) => tagId === input.tagId && position !== found.position)) {
    throw new AppError('INVALID_INPUT', Texts.articles.tagAlreadyOn);
  }
  tagIds[found.position] = input.tagId;
  await writeTagIds(user, found.article, tagIds, ctx);
  return rowsOf({ ...found.article, tagIds })[found.position]!;
}
