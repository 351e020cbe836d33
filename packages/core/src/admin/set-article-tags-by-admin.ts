import { TAGS_PER_ARTICLE_MAX } from '@forum/contracts';
import type { RequestContext } from '../request-context';
import { getOrCreateTags } from '../tags/get-or-create-tags';
import type { TagDoc } from '../tags/model';
import { cleanTagNames } from '../topics/rules';
import { authorize } from '../policies';
import { articleOrNotFound, writeTagIds } from './rules';

/** Replaces an article's tags by names (legacy `PUT article/tags`, `tags` a comma list). */
export async function setArticleTagsByAdmin(
  ctx: RequestContext,
  articleId: number,
  names: string[],
): Promise<TagDoc[]> {
  authorize(ctx.actor, 'moderate');
  const article = await articleOrNotFound(articleId);
  const tags = await getOrCreateTags(cleanTagNames(names, TAGS_PER_ARTICLE_MAX));
  await writeTagIds(
    ctx,
    article,
    tags.map((tag) => tag._id),
  );
  return tags;
}
