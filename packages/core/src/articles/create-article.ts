import { TAGS_PER_ARTICLE_MAX } from '@forum/contracts';
import {
  ArticleStatus,
  CreateArticleInputSchema,
  isModuleEnabled,
  ModuleDisabledMessages,
  type CreateArticleInput,
} from '@forum/contracts';
import { getSiteConfig } from '../config/site-config';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents } from '../events/insert-with-events';
import { newEvent } from '../events/outbox';
import { assertCanPost } from '../policies';
import { hitRateLimit } from '../rate-limit';
import { getOrCreateTags } from '../tags/get-or-create-tags';
import type { RequestContext } from '../request-context';
import { Article, type ArticleDoc } from './model';
import { cleanTagNames } from '../topics/rules';
import { checkArticleText } from './rules';
import { assertNoForbiddenWords } from '../topics/forbidden-words';
import { projectArticle } from '../read-model/articles';
import { resolveMentions } from '../mentions/rules';

/**
 * Publishes an article, or files it for review when `articlePending` is on. Every check runs
 * before anything is written, so a refused article leaves no tag or counter behind. The
 * `article.created` event is recorded in the article's own insert.
 */
export async function createArticle(ctx: RequestContext, input: CreateArticleInput): Promise<ArticleDoc> {
  const user = await assertCanPost(ctx.actor);
  // Parsed after the posting check: bbs-go answers "sign in first" before any input error.
  const parsed = CreateArticleInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', undefined, { cause: parsed.error });
  const command = parsed.data;
  const config = await getSiteConfig();
  if (!isModuleEnabled(config, 'article')) throw new AppError('FORBIDDEN', ModuleDisabledMessages.article);
  if (config.createArticleEmailVerified && !user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');

  const text = checkArticleText(command.title, command.summary, command.content);
  const tagNames = cleanTagNames(command.tags, TAGS_PER_ARTICLE_MAX);
  await assertNoForbiddenWords(text.title, text.summary, text.content, ...tagNames);
  await hitRateLimit('article-create', user._id);

  const tags = await getOrCreateTags(tagNames);
  const mentions = await resolveMentions(text.content);
  const article = await insertWithFreshId('article', Article, (id) => {
    const now = Date.now();
    const status = config.articlePending ? ArticleStatus.Pending : ArticleStatus.Ok;
    const event = newEvent('article.created', { articleId: id, userId: user._id, status });
    return insertWithEvents(
      Article,
      {
        _id: id,
        userId: user._id,
        ...text,
        mentions,
        contentType: 'markdown',
        sourceUrl: '',
        tagIds: tags.map((tag) => tag._id),
        status,
        createTime: now,
        updateTime: now,
      },
      [event],
      { project: projectArticle },
    );
  });
  return article as ArticleDoc;
}
