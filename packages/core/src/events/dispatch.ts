/**
 * Dispatch: a writer hands the events its write recorded over to the queues. The events stay
 * recorded until the queues hold them (in the document's outbox, then in `pending_events`), and the
 * pending index tells the sweeper when to check that their jobs ran.
 */
import type { DomainEvent } from '@forum/contracts';
import { hasKv, kv } from '../kv';
import { eventsDispatched } from '../metrics/series';
import { outboxModelNamed, pendingKey, pendingMember, type OutboxEntry } from './outbox';
import { keepPendingEvents, pendingEventOf } from './pending-events';
import { enqueueEvents, enqueueTimeoutMs, toOutboxEntry, withTimeout } from './queues';

/**
 * How long after a dispatch the sweeper first checks that an event's jobs have run, and then how
 * often it checks again (re-enqueueing what is missing, e.g. after Redis restarted empty).
 */
export const pendingRecheckMs = 30_000;

/** Lists the events in the pending index, due for the sweeper at `dueAt`. */
export async function indexPending(
  members: { model: string; documentId: unknown; eventId: string }[],
  dueAt: number,
  onlyNew = false,
): Promise<void> {
  if (!hasKv() || members.length === 0) return;
  const args = members.flatMap((m) => [dueAt, pendingMember(m.model, m.documentId, m.eventId)]);
  if (onlyNew) await kv().zadd(pendingKey(), 'NX', ...args);
  else await kv().zadd(pendingKey(), ...args);
}

/**
 * Hands recorded events of one document over to `pending_events`, enqueues them, and pulls them
 * from the document's outbox. Called by the process that wrote the document, so no other process
 * writes it here. A failure leaves them recorded (in the outbox, or in `pending_events`): the
 * sweeper enqueues them again. It gives up waiting for Redis after a short while, since BullMQ
 * waits for a connection that may never come and the caller is usually a request. True once all
 * of that is done.
 */
export async function dispatchRecorded(
  { modelName }: { modelName: string },
  documentId: unknown,
  events: (DomainEvent | OutboxEntry)[],
): Promise<boolean> {
  if (events.length === 0) return true;
  const model = outboxModelNamed(modelName);
  try {
    // Kept first: a job runs only for an event with its row (`recordedEvent`).
    await keepPendingEvents(events.map((event) => pendingEventOf(model.modelName, documentId, event)));
    await withTimeout(enqueueEvents(events), enqueueTimeoutMs);
    await model.updateOne(
      { _id: documentId } as never,
      // FerretDB v1's $pull matches exact values only, so the entries are removed as written.
      { $pullAll: { outbox: events.map(toOutboxEntry) } } as never,
    );
    await handedOver(model.modelName, documentId, events);
    return true;
  } catch {
    return false;
  }
}

/** The sweeper looks again once the jobs have had time to run, and forgets the events then. */
async function handedOver(modelName: string, documentId: unknown, events: (DomainEvent | OutboxEntry)[]) {
  await indexPending(
    events.map((event) => ({ model: modelName, documentId, eventId: event.id })),
    Date.now() + pendingRecheckMs,
  );
  for (const event of events) eventsDispatched.inc({ type: event.type });
}

/**
 * Hands over the events a document recorded when it was inserted. Its outbox keeps them for good
 * (its later updates push and pull only their own entries): its jobs read them there (`source` in
 * their data), and no `pending_events` row is written or outbox entry pulled — two statements
 * fewer for every comment, like, favourite, follow and topic. `projected`: the writer put the
 * document in the read model already, so a route that would only do that again (`repair`) is left
 * out; the sweeper runs it for a writer that died before dispatching. The insert registered the
 * events in the pending index, where the sweeper finds them should this fail. True once the
 * queues hold them.
 */
export async function dispatchInserted(
  { modelName }: { modelName: string },
  documentId: string | number,
  events: DomainEvent[],
  { projected = false }: { projected?: boolean } = {},
): Promise<boolean> {
  if (events.length === 0) return true;
  const model = outboxModelNamed(modelName);
  try {
    await withTimeout(
      enqueueEvents(events, { source: { model: model.modelName, documentId }, projected }),
      enqueueTimeoutMs,
    );
    await handedOver(model.modelName, documentId, events);
    return true;
  } catch {
    return false;
  }
}
