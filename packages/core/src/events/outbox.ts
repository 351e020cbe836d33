/**
 * The outbox: a write with side effects pushes its domain event into the `outbox` array of the
 * document it writes, in the same single-document update. The dispatcher later moves the event to
 * BullMQ and pulls it from the array. Single-document writes are atomic on MongoDB and FerretDB,
 * so an event exists exactly when its change does.
 */
import { randomUUID } from 'node:crypto';
import { Schema, type Model } from 'mongoose';
import { hasKv, kv, kvKey } from '../kv';
import type { DomainEvent, EventPayload, EventType } from '@forum/contracts';
import { eventsRecorded } from '../metrics/series';

export interface OutboxEntry {
  id: string;
  type: EventType;
  payload: unknown;
  createdAt: Date;
}

const OutboxEntrySchema = new Schema<OutboxEntry>(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    payload: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

/** Models whose documents carry an outbox; the sweeper scans each of them. */
const outboxModels = new Map<string, Model<never>>();

/**
 * The `outbox` path. `outboxPlugin` adds it; a model may also declare `outbox: outboxField` in its
 * schema so that mongoose's inferred types know the field.
 */
export const outboxField = { type: [OutboxEntrySchema], default: undefined };

/**
 * The pending index: every recorded event is also listed in a Redis sorted set (member
 * '<model>:<document id>:<event id>', score = when it was recorded), registered *before* the write
 * that records it. The sweeper reads that set by score and looks documents up by `_id` only, so it
 * never scans a collection; an entry whose event never reached its document (the write failed) is
 * simply dropped. Without Redis (scripts) nothing is registered and the sweeper's full scan, which
 * runs whenever the index is not known to be complete, finds the events.
 */
export const pendingKey = () => kvKey('outbox', 'pending');
export const pendingMember = (modelName: string, documentId: unknown, eventId: string) =>
  `${modelName}:${String(documentId)}:${eventId}`;

async function registerPending(modelName: string, documentId: unknown, events: OutboxEntry[]): Promise<void> {
  if (!hasKv() || documentId === undefined || events.length === 0) return;
  const now = Date.now();
  const args = events.flatMap((event) => [now, pendingMember(modelName, documentId, event.id)]);
  await kv().zadd(pendingKey(), ...args);
}

function countRecorded(events: OutboxEntry[]): void {
  for (const event of events) eventsRecorded.inc({ type: event.type });
}

/** Events an update pushes into the outbox (`recordEvents`). */
function pushedEvents(update: unknown): OutboxEntry[] {
  const push = (update as { $push?: { outbox?: { $each?: OutboxEntry[] } } } | null)?.$push?.outbox;
  return push?.$each ?? [];
}

/** Adds the `outbox` array (indexed by age for the recovery scan) to a schema. */
export function outboxPlugin(schema: Schema): void {
  if (!schema.path('outbox')) schema.add({ outbox: outboxField });
  schema.index({ 'outbox.createdAt': 1 });
  schema.pre('save', async function registerInsertedEvents() {
    const outbox = (this as unknown as { outbox?: OutboxEntry[] }).outbox ?? [];
    // A document saved again still carries the events it was created with: count them once.
    if (this.isNew) countRecorded(outbox);
    await registerPending((this.constructor as Model<never>).modelName, this._id, outbox);
  });
  schema.pre(['updateOne', 'findOneAndUpdate'], async function registerPushedEvents() {
    const update = this.getUpdate() as { $setOnInsert?: { _id?: unknown } } | null;
    const events = pushedEvents(update);
    if (events.length === 0) return;
    countRecorded(events);
    const id = (this.getFilter() as { _id?: unknown })._id ?? update?.$setOnInsert?._id;
    await registerPending(this.model.modelName, id, events);
  });
}

/**
 * What the `save` hook does for a new document, for a writer that inserts it without `save`
 * (`insertWithEvents`): counts its events and lists them in the pending index, before the insert.
 */
export async function registerNewDocumentEvents(
  modelName: string,
  documentId: unknown,
  outbox: OutboxEntry[],
): Promise<void> {
  countRecorded(outbox);
  await registerPending(modelName, documentId, outbox);
}

export function registerOutboxModel<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>(
  model: Model<TDoc, TQuery, TMethods, TVirtuals, THydrated, TSchema>,
): void {
  // Kept without its document type: the sweeper and the dispatcher touch only `outbox` and `_id`.
  outboxModels.set(model.modelName, model as unknown as Model<never>);
}

/** The registered outbox model of that name (every model whose writes record events is one). */
export function outboxModelNamed(modelName: string): Model<never> {
  const model = outboxModels.get(modelName);
  if (!model) throw new Error(`${modelName} records events but is not a registered outbox model`);
  return model;
}

export function registeredOutboxModels(): Model<never>[] {
  return [...outboxModels.values()];
}

export function newEvent<T extends EventType>(type: T, payload: EventPayload<T>): DomainEvent<T> {
  // BullMQ job ids may not contain ':'; a dash-less UUID is safe and unique.
  return { id: randomUUID().replaceAll('-', ''), type, payload, createdAt: new Date() };
}

/** The update fragment that records events in the written document. */
export function recordEvents(...events: DomainEvent[]): { $push: { outbox: { $each: DomainEvent[] } } } {
  return { $push: { outbox: { $each: events } } };
}
