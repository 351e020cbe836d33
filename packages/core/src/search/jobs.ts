/**
 * The `search` queue keeps the index current: a created topic or article is indexed, and every
 * change recorded as `entity.changed` (edit, delete, undelete, recommend, node change, review, the
 * deletions of a permanent mute) indexes the document as it is now, or removes it when it is hidden.
 * Each job reads the current state, so running one again or out of order converges.
 */
import { QueueName } from '@forum/contracts';
import { defineEventJob } from '../events/jobs';
import { currentDocument } from './documents';
import { searchEngine, type SearchKind } from './port';

/** Indexes the document as it is now, or takes it out. */
export async function syncSearchDocument(kind: SearchKind, id: number): Promise<void> {
  const document = await currentDocument(kind, id);
  if (document) await searchEngine().index([document]);
  else await searchEngine().remove(kind, id);
}

export const indexTopicJob = defineEventJob('topic.created', {
  queue: QueueName.Search,
  name: 'index-topic',
  handler: ({ payload }) => syncSearchDocument('topic', payload.topicId),
});

export const indexArticleJob = defineEventJob('article.created', {
  queue: QueueName.Search,
  name: 'index-article',
  handler: ({ payload }) => syncSearchDocument('article', payload.articleId),
});

export const indexChangedJob = defineEventJob('entity.changed', {
  queue: QueueName.Search,
  name: 'index-changed',
  async handler({ payload }) {
    if (payload.kind === 'topic' || payload.kind === 'article')
      await syncSearchDocument(payload.kind, payload.id);
  },
});

export const searchJobs = [indexTopicJob, indexArticleJob, indexChangedJob];
