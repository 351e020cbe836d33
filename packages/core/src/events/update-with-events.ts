/**
 * Changing a document whose change has side effects, in one step: the update and its events are
 * one single-document write (the events pushed into its `outbox`), the read model learns of it, and
 * then the events go to the queues. The sibling of `insertWithEvents`; a use case states what it
 * changes and what that causes, the order and the failure cases live here.
 */
import type { Model, QueryFilter, UpdateQuery } from 'mongoose';
import type { DomainEvent, EventPayload } from '@forum/contracts';
import { dispatchRecorded } from './dispatch';
import { newEvent, recordEvents } from './outbox';

export interface UpdateOptions<Projected> {
  /** Creates the document when the filter matches none (its fields in the update's `$setOnInsert`). */
  upsert?: boolean;
  /**
   * What must happen before the events go out, usually putting the document in the read model.
   * It runs even when the filter matched nothing: a process that died after an earlier write left
   * the read model behind, and projecting again repairs it.
   */
  project?: () => Promise<Projected>;
}

export interface UpdateResult<Projected> {
  /** MongoDB's counts: a condition that did not match changes nothing and records nothing. */
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  /** What `project` returned (the document as the read model now holds it). */
  projected: Projected | undefined;
  /**
   * True when the events were recorded and are on the queues now; false when nothing was written
   * or the queues did not take them yet (the sweeper dispatches them later).
   */
  dispatched: boolean;
}

/**
 * Updates the document `filter._id` (further conditions in `filter` apply) with `events` recorded in
 * its outbox, runs `project`, then dispatches the events if the update wrote them.
 */
export async function updateWithEvents<
  TDoc,
  TQuery,
  TMethods,
  TVirtuals,
  THydrated,
  TSchema,
  Projected = undefined,
>(
  model: Model<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>,
  filter: QueryFilter<TDoc> & { _id: unknown },
  update: UpdateQuery<TDoc>,
  events: DomainEvent[],
  { upsert = false, project }: UpdateOptions<Projected> = {},
): Promise<UpdateResult<Projected>> {
  const { matchedCount, modifiedCount, upsertedCount } = await model.updateOne(
    filter,
    events.length > 0 ? { ...update, ...recordEvents(...events) } : update,
    { upsert },
  );
  const projected = await project?.();
  // With events pushed, a matched document is a modified one: the events were recorded.
  const recorded = events.length > 0 && modifiedCount + upsertedCount > 0;
  const dispatched = recorded && (await dispatchRecorded(model, filter._id, events));
  return { matchedCount, modifiedCount, upsertedCount, projected, dispatched };
}

/**
 * The updater of one kind of document the read model shows (a topic, an article, a user): every
 * change records `entity.changed` (its job projects the document again and re-indexes it, so a
 * change whose process died before projecting still shows), plus the events given.
 */
export function entityUpdater<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema, Projected>(
  kind: EventPayload<'entity.changed'>['kind'],
  model: Model<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>,
  reproject: (id: number) => Promise<Projected | null>,
) {
  return (
    filter: QueryFilter<TDoc> & { _id: number },
    update: UpdateQuery<TDoc>,
    events: DomainEvent[] = [],
  ): Promise<UpdateResult<Projected | null>> =>
    updateWithEvents(
      model,
      filter,
      update,
      [newEvent('entity.changed', { kind, id: filter._id }), ...events],
      {
        project: () => reproject(filter._id),
      },
    );
}
