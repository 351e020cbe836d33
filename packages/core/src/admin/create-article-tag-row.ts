import { TAGS_PER_ARTICLE_MAX, Texts } from '@forum/contracts';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { articleOrNotFound, rowsOf, tagOrRefuse, writeTagIds } from './rules';
import { type ArticleTagRow } from './rules';

/** Adds a tag to an article (a tag it has already is the same row). */
export async function createArticleTagRow(
  ctx: RequestContext,
  input: { articleId: number; tagId: number },
): Promise<ArticleTagRow> {
  authorize(ctx.actor, 'moderate');
  const article = await articleOrNotFound(input.articleId);
  await tagOrRefuse(input.tagId);
  const current = article.tagIds ?? [];
  const tagIds = current.includes(input.tagId) ? current : [...current, input.tagId];
  if (tagIds.length > TAGS_PER_ARTICLE_MAX) {
    throw new AppError('INVALID_INPUT', Texts.articles.tooManyTags);
  }
  if (tagIds !== current) await writeTagIds(ctx, article, tagIds);
  return rowsOf({ ...article, tagIds })[tagIds.indexOf(input.tagId)]!;
}
