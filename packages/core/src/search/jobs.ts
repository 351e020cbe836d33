/**
 * The `search` queue keeps the index current: a created topic or article is indexed, and every
 * change recorded as `entity.changed` (edit, delete, undelete, recommend, node change, review, the
 * deletions of a permanent mute) indexes the document as it is now, or removes it when it is hidden.
 * Each job reads the current state, so running one again or out of order converges.
 */
import { QueueName } from '@forum/contracts';
import { z } from 'zod';
import { Article } from '../articles/model';
import { defineEventJob, defineJob } from '../events/jobs';
import { bumpStamp } from '../read-model/stamp';
import { Topic } from '../topics/model';
import { currentDocument } from './documents';
import { searchEngine, type SearchKind } from './port';

/**
 * Indexes the document as it is now, or takes it out. The read model's stamp moves after the
 * index did, so answers cached against it (a repeated search) never show the index as it was.
 */
export async function syncSearchDocument(kind: SearchKind, id: number): Promise<void> {
  await indexAsItIs(kind, id);
  await bumpStamp();
}

async function indexAsItIs(kind: SearchKind, id: number): Promise<void> {
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

/** Clears the index and indexes every shown topic and article again; returns how many. */
export async function reindexSearch(onProgress?: (done: number) => void): Promise<number> {
  await searchEngine().clear();
  await bumpStamp();
  let done = 0;
  for (const [kind, model] of [
    ['topic', Topic],
    ['article', Article],
  ] as const) {
    const cursor = (model as typeof Topic).find({ status: 0 }, { _id: 1 }).lean().cursor();
    for await (const row of cursor as AsyncIterable<{ _id: number }>) {
      await indexAsItIs(kind, row._id);
      onProgress?.((done += 1));
    }
  }
  // Once at the end: answers kept while it ran, from a partial index, go with it.
  await bumpStamp();
  return done;
}

export const reindexSearchJob = defineJob({
  queue: QueueName.Maintenance,
  name: 'reindex-search',
  schema: z.object({}),
  // Idempotent: it ends with the index equal to what MongoDB shows, however often it runs.
  async handler(_data, { log }) {
    log.info({ indexed: await reindexSearch() }, 'search index rebuilt');
  },
});

export const searchJobs = [indexTopicJob, indexArticleJob, indexChangedJob, reindexSearchJob];
