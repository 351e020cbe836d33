/**
 * Dispatched events wait here, one document per event (`_id` = event id), from before their jobs
 * are queued until every job they are routed to has run (its `job_runs` row exists). Queued jobs live in Redis, which may restart
 * empty; this row is what the sweeper re-derives them from.
 *
 * The rows are only inserted and deleted, never updated, and the sweeper writes nothing else: it
 * never touches the entity documents whose outboxes the events came from, since on FerretDB an
 * update by the worker could race the API's next write of the same document (updates are not
 * atomic across connections). Only the process that wrote a document pulls events from its outbox.
 */
import mongoose, { Schema } from 'mongoose';
import type { EventType } from '@forum/contracts';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { registeredOutboxModels, type OutboxEntry } from './outbox';
import type { EventSource } from './queues';

export interface PendingEventDoc {
  _id: string;
  type: EventType;
  payload: unknown;
  createdAt: Date;
  /** The model and document the event was recorded in, for the pending index's member. */
  model: string;
  documentId: unknown;
}

const PendingEventSchema = new Schema<PendingEventDoc>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    payload: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    model: { type: String, required: true },
    documentId: { type: Schema.Types.Mixed, required: true },
  },
  { versionKey: false, collection: 'pending_events', minimize: false },
);
export const PendingEvent = mongoose.model('PendingEvent', PendingEventSchema);

export function pendingEventOf(model: string, documentId: unknown, event: OutboxEntry): PendingEventDoc {
  return {
    _id: event.id,
    type: event.type,
    payload: event.payload,
    createdAt: new Date(event.createdAt),
    model,
    documentId,
  };
}

export function outboxEntryOf(row: PendingEventDoc): OutboxEntry {
  return { id: row._id, type: row.type, payload: row.payload, createdAt: new Date(row.createdAt) };
}

/** Inserts the rows; a row that exists already (another process kept it first) is left as it is. */
export async function keepPendingEvents(rows: PendingEventDoc[]): Promise<void> {
  for (const row of rows) {
    try {
      await PendingEvent.create(row);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}

/**
 * The events an inserted document keeps in its outbox, read once for all the jobs of its events
 * that this process runs within a few seconds (an insert's events never change, and an event's
 * jobs on the points, notify and maintenance queues usually run side by side in one worker).
 */
const insertedOutboxes = new Map<string, { at: number; outbox: Promise<OutboxEntry[]> }>();
const insertedOutboxMs = 10_000;
const insertedOutboxLimit = 2_000;

function insertedEvents(source: EventSource, fresh: boolean): Promise<OutboxEntry[]> {
  const key = `${source.model}:${String(source.documentId)}`;
  const now = Date.now();
  const known = insertedOutboxes.get(key);
  if (!fresh && known && now - known.at < insertedOutboxMs) return known.outbox;
  const model = registeredOutboxModels().find((candidate) => candidate.modelName === source.model);
  const outbox = model
    ? model
        .findById(source.documentId, { outbox: 1 })
        .lean<{ outbox?: OutboxEntry[] }>()
        .then((doc) => doc?.outbox ?? [])
    : Promise.resolve([]);
  // A failed read is not kept (an outbox that lacks the event is read again by `recordedEvent`).
  outbox.catch(() => {
    if (insertedOutboxes.get(key)?.outbox === outbox) insertedOutboxes.delete(key);
  });
  insertedOutboxes.delete(key);
  insertedOutboxes.set(key, { at: now, outbox });
  if (insertedOutboxes.size > insertedOutboxLimit) {
    insertedOutboxes.delete(insertedOutboxes.keys().next().value!);
  }
  return outbox;
}

/**
 * The event recorded under `id`, or null. An event a document recorded when it was inserted stays
 * in that document's outbox (`dispatchInserted`): with its `source`, it is read there. Every other
 * event a job runs for has its row before its jobs are queued (`dispatchRecorded`, the sweeper),
 * and the row stays until all of them have run. An event job whose id is in neither was not
 * recorded by any write.
 */
export async function recordedEvent(id: string, source?: EventSource): Promise<OutboxEntry | null> {
  if (source) {
    // What was read for another job of the document, else (or when that lacks the event) a read.
    const kept =
      (await insertedEvents(source, false)).find((entry) => entry.id === id) ??
      (await insertedEvents(source, true)).find((entry) => entry.id === id);
    if (kept) return kept;
  }
  const row = await PendingEvent.findById(id).lean<PendingEventDoc>();
  return row ? outboxEntryOf(row) : null;
}
