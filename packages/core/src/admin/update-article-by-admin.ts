import { Texts } from '@forum/contracts';
import type { ArticleDoc } from '../articles/model';
import { checkArticleText } from '../articles/rules';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { articleOrNotFound, logArticleChange } from './rules';
import { ARTICLE_CONTENT_TYPES, type AdminArticleUpdate } from './articles';
import { changeArticle } from '../articles/change-article';
import { resolveMentions } from '../mentions/rules';

export async function updateArticleByAdmin(
  ctx: RequestContext,
  input: AdminArticleUpdate,
): Promise<ArticleDoc> {
  authorize(ctx.actor, 'moderate');
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
  const mentions = await resolveMentions(text.content);
  const { projected: doc } = await changeArticle(
    { _id: article._id },
    { $set: { ...text, mentions, contentType, sourceUrl, updateTime: Date.now() } },
  );
  await logArticleChange(ctx, article._id, Texts.audit.articleUpdatedByAdmin);
  return doc ?? (await articleOrNotFound(article._id));
}
