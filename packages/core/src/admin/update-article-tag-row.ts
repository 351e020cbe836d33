import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { rowsOf, articleTagRow, tagOrRefuse, writeTagIds } from './rules';
import { type ArticleTagRow } from './rules';

/** Puts another tag at a row's place. */
export async function updateArticleTagRow(
  ctx: RequestContext,
  id: number,
  input: { tagId: number },
): Promise<ArticleTagRow> {
  authorize(ctx.actor, 'moderate');
  const found = await articleTagRow(id);
  if (!found) throw new AppError('INVALID_INPUT', Texts.admin.entityNotFound);
  await tagOrRefuse(input.tagId);
  const tagIds = [...(found.article.tagIds ?? [])];
  if (tagIds.some((tagId, position) => tagId === input.tagId && position !== found.position)) {
    throw new AppError('INVALID_INPUT', Texts.articles.tagAlreadyOn);
  }
  tagIds[found.position] = input.tagId;
  await writeTagIds(ctx, found.article, tagIds);
  return rowsOf({ ...found.article, tagIds })[found.position]!;
}
