import { TAGS_PER_ARTICLE_MAX } from '@forum/contracts';
import {
  ArticleStatus,
  EditArticleInputSchema,
  type ArticleEditForm,
  type EditArticleInput,
} from '@forum/contracts';
import { logAction } from '../audit/log-action';
import { getSiteConfig } from '../config/site-config';
import { AppError } from '../errors';
import { assertCanPost, can } from '../policies';
import { getOrCreateTags } from '../tags/get-or-create-tags';
import { tagsByIds, tagsIn } from '../tags/get-tag';
import type { RequestContext } from '../request-context';
import type { UserDoc } from '../users/model';
import { manageableArticle } from './get-article';
import type { ArticleDoc } from './model';
import { cleanTagNames } from '../topics/rules';
import { checkArticleText } from './rules';
import { assertNoForbiddenWords } from '../topics/forbidden-words';
import { changeArticle } from './change-article';
import { resolveMentions } from '../mentions/rules';

/** What the edit form shows (legacy GET /api/article/edit/{id}): the raw Markdown and tag names. */
export async function getArticleForEdit(
  editor: UserDoc | null | undefined,
  articleId: number,
): Promise<ArticleEditForm> {
  const user = await assertCanPost(editor);
  const article = await manageableArticle(user, articleId, 'editArticle');
  const tags = await tagsByIds(article.tagIds ?? []);
  return {
    id: article._id,
    title: article.title,
    summary: article.summary ?? '',
    content: article.content,
    tags: tagsIn(article.tagIds, tags).map((tag) => tag.name),
  };
}

/**
 * Changes title, body, summary (when given) and tags, logs the edit and returns the article as it
 * is now. With review on, an author's edit of a shown article sends it back to review: otherwise
 * approving a harmless text and then editing it would bypass the review.
 */
export async function editArticle(ctx: RequestContext, input: EditArticleInput): Promise<ArticleDoc> {
  const user = await assertCanPost(ctx.actor);
  // Parsed after the posting check: bbs-go answers "sign in first" before any input error.
  const parsed = EditArticleInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', undefined, { cause: parsed.error });
  const command = parsed.data;
  const article = await manageableArticle(user, command.id, 'editArticle');
  const text = checkArticleText(command.title, command.summary ?? article.summary ?? '', command.content);
  const tagNames = cleanTagNames(command.tags, TAGS_PER_ARTICLE_MAX);
  await assertNoForbiddenWords(text.title, text.summary, text.content, ...tagNames);
  const backToReview =
    article.status === ArticleStatus.Ok &&
    !can(user, 'publishWithoutReview') &&
    (await getSiteConfig()).articlePending;

  const tags = await getOrCreateTags(tagNames);
  const mentions = await resolveMentions(text.content);
  const { projected: doc } = await changeArticle(
    { _id: article._id },
    {
      $set: {
        ...text,
        mentions,
        tagIds: tags.map((tag) => tag._id),
        updateTime: Date.now(),
        ...(backToReview ? { status: ArticleStatus.Pending } : {}),
      },
    },
  );
  await logAction(ctx, { opType: 'update', dataType: 'article', dataId: article._id, description: '' });
  return doc!;
}
