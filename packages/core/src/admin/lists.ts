/** What the admin console's lists show, read as `scan.ts` explains (never a filtered query). */
import type {
  AdminArticleFilter,
  AdminCommentFilter,
  AdminTopicFilter,
  AdminUserFilter,
} from '@forum/contracts';
import type { ArticleDoc } from '../articles/model';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import type { CommentDoc } from '../comments/model';
import { readEntities, type EntityKind } from '../read-model/entities';
import { articleKind } from '../read-model/articles';
import { commentKind } from '../read-model/comments';
import { topicKind } from '../read-model/topics';
import { userIdByLogin, userKind } from '../read-model/users';
import type { TopicDoc } from '../topics/model';
import type { UserDoc } from '../users/model';
import { isMuted } from '../users/roles';
import { containsText, sameAs, scanNewest, type AdminPage } from './scan';

/** Walks one kind of document newest first, read by id from the read model's entity cache. */
function walker<Doc>(sequence: string, kind: EntityKind) {
  return (
    filter: { id?: number; page: number; limit: number },
    matches: (doc: Doc) => boolean,
  ): Promise<AdminPage<Doc>> =>
    scanNewest<Doc>({
      sequence,
      read: (ids) => readEntities<Doc>(kind, ids),
      onlyId: filter.id,
      page: filter.page,
      limit: filter.limit,
      matches,
    });
}

const walkTopics = walker<TopicDoc>('topic', topicKind);
const walkArticles = walker<ArticleDoc>('article', articleKind);
const walkComments = walker<CommentDoc>('comment', commentKind);
const walkUsers = walker<UserDoc>('user', userKind);

export async function listTopicsForAdmin(
  ctx: RequestContext,
  filter: AdminTopicFilter,
): Promise<AdminPage<TopicDoc>> {
  authorize(ctx.actor, 'listTopicsForAdmin');
  return walkTopics(
    filter,
    (topic) =>
      sameAs(topic.userId, filter.userId) &&
      sameAs(topic.nodeId, filter.nodeId) &&
      sameAs(topic.status, filter.status) &&
      sameAs(!!topic.recommend, filter.recommend) &&
      containsText(topic.title, filter.title),
  );
}

export async function listArticlesForAdmin(
  ctx: RequestContext,
  filter: AdminArticleFilter,
): Promise<AdminPage<ArticleDoc>> {
  authorize(ctx.actor, 'listArticlesForAdmin');
  return walkArticles(
    filter,
    (article) =>
      sameAs(article.userId, filter.userId) &&
      sameAs(article.status ?? 0, filter.status) &&
      containsText(article.title, filter.title),
  );
}

export async function listCommentsForAdmin(
  ctx: RequestContext,
  filter: AdminCommentFilter,
): Promise<AdminPage<CommentDoc>> {
  authorize(ctx.actor, 'listCommentsForAdmin');
  return walkComments(
    filter,
    (comment) =>
      sameAs(comment.userId, filter.userId) &&
      sameAs(comment.entityType, filter.entityType) &&
      sameAs(comment.entityId, filter.entityId) &&
      sameAs(comment.status, filter.status),
  );
}

/** Users with their e-mail (the console edits it) but never the password hash (a marker only). */
export async function listUsersForAdmin(
  ctx: RequestContext,
  filter: AdminUserFilter,
  now = Date.now(),
): Promise<AdminPage<UserDoc>> {
  authorize(ctx.actor, 'listUsersForAdmin');
  // A username is unique: its id comes from the read model's sign-in index.
  const byName = filter.username ? await userIdByLogin('username', filter.username.toLowerCase()) : undefined;
  if (byName === null || (byName && filter.id && byName !== filter.id)) {
    return { page: { page: filter.page, limit: filter.limit, total: 0 }, results: [], windowed: false };
  }
  return walkUsers(
    { ...filter, id: filter.id ?? byName },
    (user) => containsText(user.nickname, filter.nickname) && sameAs(isMuted(user, now), filter.muted),
  );
}
