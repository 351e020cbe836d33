/**
 * The outbox: a write with side effects pushes its domain event into the `outbox` array of the
 * document it writes, in the same single-document update. The dispatcher later moves the event to
 * BullMQ and pulls it from the array. Single-document writes are atomic on MongoDB and FerretDB,
 * so an event exists exactly when its change does.
 */
import { randomUUID } from 'node:crypto';
import { Schema, type Model } from 'mongoose';
import type { DomainEvent, EventPayload, EventType } from '@forum/contracts';

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

/** Adds the `outbox` array (indexed by age for the sweeper) to a schema. */
export function outboxPlugin(schema: Schema): void {
  if (!schema.path('outbox')) schema.add({ outbox: outboxField });
  schema.index({ 'outbox.createdAt': 1 });
}

export function registerOutboxModel(model: Model<never>): void {
  outboxModels.set(model.modelName, model);
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
