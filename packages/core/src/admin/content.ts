/**
 * One topic, article or comment by id for the console, whatever its status (legacy
 * `GET /api/admin/topic|article|comment/{id}`); "Not found, id=…" when there is none.
 */
import { Texts } from '@forum/contracts';
import type { ArticleDoc } from '../articles/model';
import type { CommentDoc } from '../comments/model';
import { AppError } from '../errors';
import { authorize } from '../policies';
import { readArticle } from '../read-model/articles';
import { readComment } from '../read-model/comments';
import { readTopic } from '../read-model/topics';
import type { RequestContext } from '../request-context';
import type { TopicDoc } from '../topics/model';

const notFound = (id: number) => new AppError('INVALID_INPUT', Texts.admin.notFoundById(id));

export async function getTopicForAdmin(ctx: RequestContext, id: number): Promise<TopicDoc> {
  authorize(ctx.actor, 'getTopicForAdmin');
  const topic = await readTopic(id);
  if (!topic) throw notFound(id);
  return topic;
}

export async function getArticleForAdmin(ctx: RequestContext, id: number): Promise<ArticleDoc> {
  authorize(ctx.actor, 'getArticleForAdmin');
  const article = await readArticle(id);
  if (!article) throw notFound(id);
  return article;
}

export async function getCommentForAdmin(ctx: RequestContext, id: number): Promise<CommentDoc> {
  authorize(ctx.actor, 'getCommentForAdmin');
  const comment = await readComment(id);
  if (!comment) throw notFound(id);
  return comment;
}
