/**
 * Writes that change what the read model shows of a topic, an article or a user (edits, deletes,
 * moderation, profile and account changes) go through `updateProjected`: the update records
 * `entity.changed` in the document's outbox, the projector runs, then the event is dispatched. If
 * the process dies in between, the sweeper dispatches the event and its job projects the document
 * again, so no such write stays invisible. (Creations have their own `*.created` events.)
 */
import type { UpdateQuery } from 'mongoose';
import type { EventPayload } from '@forum/contracts';
import { dispatchRecorded } from '../events/bus';
import { newEvent, recordEvents } from '../events/outbox';
import type { DomainEvent } from '@forum/contracts';
import { Article, type ArticleDoc } from '../articles/model';
import { Topic, type TopicDoc } from '../topics/model';
import { User, type UserDoc } from '../users/model';
import { reprojectArticle } from './articles';
import { reprojectTopic } from './topics';
import { reprojectUser } from './users';

export type ChangedKind = EventPayload<'entity.changed'>['kind'];
type Docs = { topic: TopicDoc; article: ArticleDoc; user: UserDoc };

const kinds = {
  topic: { model: Topic, reproject: reprojectTopic },
  article: { model: Article, reproject: reprojectArticle },
  user: { model: User, reproject: reprojectUser },
} as const;

/** Projects one document of `kind` again from MongoDB (the event's job). */
export async function reprojectChanged(kind: ChangedKind, id: number): Promise<void> {
  await kinds[kind].reproject(id);
}

/**
 * Updates the document `filter._id` of `kind` (conditions in `filter` apply), projects it and
 * returns it as stored. The counts are MongoDB's: a condition that did not match changes nothing
 * and records nothing.
 */
export async function updateProjected<K extends ChangedKind>(
  kind: K,
  filter: { _id: number } & Record<string, unknown>,
  update: UpdateQuery<unknown>,
  /** Further events of the same write (`topic.deleted`, …), recorded and dispatched with it. */
  events: DomainEvent[] = [],
): Promise<{ matchedCount: number; modifiedCount: number; doc: Docs[K] | null }> {
  const { model, reproject } = kinds[kind];
  const recorded = [newEvent('entity.changed', { kind, id: filter._id }), ...events];
  const { matchedCount, modifiedCount } = await (model as typeof Topic).updateOne(filter, {
    ...update,
    ...recordEvents(...recorded),
  });
  const doc = (await reproject(filter._id)) as Docs[K] | null;
  if (modifiedCount > 0) await dispatchRecorded(model, filter._id, recorded);
  return { matchedCount, modifiedCount, doc };
}
