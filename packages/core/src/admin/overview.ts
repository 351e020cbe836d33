/** The console's 工作台: totals, today's additions, pending work, the queues and the newest arrivals. */
import { ArticleStatus, QueueNames, type QueueName } from '@forum/contracts';
import type { Model } from 'mongoose';
import { Article, type ArticleDoc } from '../articles/model';
import { Comment } from '../comments/model';
import { lastId } from '../db/counters';
import { getQueue } from '../events/queues';
import { mailReady } from '../mail/availability';
import { dayNameOf, siteTimeZone } from '../points/rules';
import { readEntities, type EntityKind } from '../read-model/entities';
import { articleKind } from '../read-model/articles';
import { commentKind } from '../read-model/comments';
import { topDesc } from '../read-model/lists';
import { readTopics, topicKind, topicLists } from '../read-model/topics';
import { userKind } from '../read-model/users';
import { Topic, type TopicDoc } from '../topics/model';
import { User, type UserDoc } from '../users/model';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import { listArticlesForAdmin, listUsersForAdmin } from './lists';
import { ADMIN_SCAN_WINDOW } from './scan';

export interface QueueCounts {
  queue: QueueName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
}

/** Jobs of every queue by state, as BullMQ counts them. */
async function queueCounts(): Promise<QueueCounts[]> {
  return Promise.all(
    QueueNames.map(async (queue) => {
      const counts = await getQueue(queue).getJobCounts(
        'waiting',
        'active',
        'delayed',
        'failed',
        'completed',
      );
      return {
        queue,
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
        completed: counts.completed ?? 0,
      };
    }),
  );
}

/** The queues' job counts for the console's 队列 screen. */
export async function listQueueCountsForAdmin(ctx: RequestContext): Promise<QueueCounts[]> {
  authorize(ctx.actor, 'listQueueCountsForAdmin');
  return queueCounts();
}

/**
 * How many documents of a sequence were created today (site time zone): ids grow with time, so
 * this walks down from the newest id until the day changes, at most the admin window.
 */
async function createdToday(sequence: string, kind: EntityKind, today: number, timeZone: string) {
  const top = await lastId(sequence);
  let count = 0;
  for (let high = top; high > 0 && top - high < ADMIN_SCAN_WINDOW; high -= 100) {
    const ids = Array.from({ length: Math.min(100, high) }, (_, index) => high - index);
    const docs = await readEntities<{ createTime: number }>(kind, ids);
    for (const id of ids) {
      const doc = docs.get(id);
      if (!doc) continue;
      if (dayNameOf(doc.createTime, timeZone) !== today) return count;
      count += 1;
    }
  }
  return count;
}

export interface AdminOverview {
  totals: { users: number; topics: number; articles: number; comments: number };
  today: { users: number; topics: number; articles: number; comments: number };
  pendingArticles: { total: number; articles: ArticleDoc[] };
  queues: QueueCounts[];
  newestTopics: TopicDoc[];
  newestUsers: UserDoc[];
  /** Whether a worker can send mail now (verification, notices): the console says when not. */
  mailReady: boolean;
}

export async function getOverviewForAdmin(ctx: RequestContext, now = Date.now()): Promise<AdminOverview> {
  authorize(ctx.actor, 'getOverviewForAdmin');
  const timeZone = await siteTimeZone();
  const today = dayNameOf(now, timeZone);
  // Totals come from the collections' metadata (no filter, no scan of the documents' fields).
  const total = (model: Model<never>) => model.estimatedDocumentCount();
  const [users, topics, articles, comments] = await Promise.all(
    [User, Topic, Article, Comment].map((model) => total(model as never)),
  );
  const [todayUsers, todayTopics, todayArticles, todayComments] = await Promise.all([
    createdToday('user', userKind, today, timeZone),
    createdToday('topic', topicKind, today, timeZone),
    createdToday('article', articleKind, today, timeZone),
    createdToday('comment', commentKind, today, timeZone),
  ]);
  const [pending, queues, newestTopicIds, newestUsers, canMail] = await Promise.all([
    listArticlesForAdmin(ctx, { status: ArticleStatus.Pending, page: 1, limit: 5 }),
    queueCounts(),
    topDesc(topicLists.newest(), 5),
    listUsersForAdmin(ctx, { page: 1, limit: 5 }, now),
    mailReady(),
  ]);
  return {
    totals: { users: users!, topics: topics!, articles: articles!, comments: comments! },
    today: { users: todayUsers, topics: todayTopics, articles: todayArticles, comments: todayComments },
    pendingArticles: { total: pending.page.total, articles: pending.results },
    queues,
    newestTopics: await readTopics(newestTopicIds),
    newestUsers: newestUsers.results,
    mailReady: canMail,
  };
}
