/**
 * Producer side of the queues: one BullMQ Queue per queue name, created on first use. The API uses
 * it to dispatch recorded events; the worker's sweeper uses it to re-dispatch forgotten ones.
 */
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { DomainEvent, EventJobData, QueueName } from '@forum/contracts';
import type { Model } from 'mongoose';
import { EventRoutes } from './routes';
import { hasKv, kv, kvKey } from '../kv';
import { pendingKey, pendingMember, registeredOutboxModels, type OutboxEntry } from './outbox';
import { eventsDispatched, eventsSwept } from '../metrics/series';

export interface EventBusOptions {
  redisUrl: string;
  /** Key prefix (tests use one per file); a trailing ':' is dropped, as BullMQ adds its own. */
  prefix?: string;
}

let settings: EventBusOptions | undefined;
let connection: Redis | undefined;
const queues = new Map<QueueName, Queue>();

export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
};

export function initEventBus(options: EventBusOptions): void {
  settings = options;
}

/**
 * The BullMQ prefix for a site's Redis key prefix (`REDIS_PREFIX`, e.g. `forum:`): the same text
 * without trailing ':' (BullMQ adds its own), or BullMQ's default `bull` when there is none.
 */
export function bullPrefix(redisPrefix = ''): string {
  return redisPrefix.replace(/:+$/, '') || 'bull';
}

export function eventBusPrefix(): string {
  return bullPrefix(settings?.prefix);
}

export function getQueue(name: QueueName): Queue {
  if (!settings) throw new Error('initEventBus() was not called');
  let queue = queues.get(name);
  if (!queue) {
    // Producers fail fast when Redis is down: the event stays in the outbox for the sweeper.
    connection ??= new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    queue = new Queue(name, { connection, prefix: eventBusPrefix(), defaultJobOptions });
    queue.on('error', () => undefined);
    queues.set(name, queue);
  }
  return queue;
}

export async function closeEventBus(): Promise<void> {
  await Promise.all([...queues.values()].map((queue) => queue.close()));
  queues.clear();
  await connection?.quit().catch(() => undefined);
  connection = undefined;
}

export function toJobData(event: DomainEvent | OutboxEntry): EventJobData {
  return {
    id: event.id,
    type: event.type,
    payload: event.payload,
    createdAt: new Date(event.createdAt).toISOString(),
  };
}

function toOutboxEntry(event: DomainEvent | OutboxEntry): OutboxEntry {
  return { id: event.id, type: event.type, payload: event.payload, createdAt: new Date(event.createdAt) };
}

/** Enqueues each event on every queue that reacts to it, with the event id as job id. */
export async function enqueueEvents(events: (DomainEvent | OutboxEntry)[]): Promise<void> {
  for (const event of events) {
    for (const route of EventRoutes[event.type]) {
      await getQueue(route.queue).add(route.job, toJobData(event), { jobId: event.id });
    }
  }
}

/** How long a write waits for Redis before leaving its events to the sweeper. */
const dispatchTimeoutMs = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Moves recorded events of one document to the queues, then removes them from its outbox. A
 * failure leaves them recorded: the sweeper will try again. It gives up after a short wait, since
 * BullMQ waits for a Redis connection that may never come and the caller is usually a request.
 */
export async function dispatchRecorded(
  model: Model<never>,
  documentId: unknown,
  events: (DomainEvent | OutboxEntry)[],
): Promise<boolean> {
  if (events.length === 0) return true;
  try {
    await withTimeout(enqueueEvents(events), dispatchTimeoutMs);
    await model.updateOne(
      { _id: documentId } as never,
      // FerretDB v1's $pull matches exact values only, so the entries are removed as written.
      { $pullAll: { outbox: events.map(toOutboxEntry) } } as never,
    );
    if (hasKv()) {
      await kv().zrem(
        pendingKey(),
        ...events.map((event) => pendingMember(model.modelName, documentId, event.id)),
      );
    }
    for (const event of events) eventsDispatched.inc({ type: event.type });
    return true;
  } catch {
    return false;
  }
}

/** Set once a full scan has put every recorded event in the pending index. */
const indexCompleteKey = () => kvKey('outbox', 'indexed');

/**
 * Re-dispatches events recorded more than `olderThanMs` ago that are still in an outbox. Enqueueing
 * twice is harmless: the job id dedupes while the job exists and processors are idempotent after
 * that. It reads the pending index and looks documents up by `_id`; it scans the outbox collections
 * only when the index may be incomplete (Redis lost it, or no Redis).
 */
export async function sweepOutboxes(olderThanMs = 5000, batch = 200): Promise<number> {
  const swept = await sweepOnce(olderThanMs, batch);
  eventsSwept.inc(swept);
  return swept;
}

async function sweepOnce(olderThanMs: number, batch: number): Promise<number> {
  if (!hasKv()) return scanOutboxes(olderThanMs, batch);
  let dispatched = 0;
  if (!(await kv().get(indexCompleteKey()))) {
    // Set before the scan: events recorded from now on are registered, the scan finds the rest.
    await kv().set(indexCompleteKey(), String(Date.now()));
    // Every age: an event recorded just before Redis was emptied has lost its entry too.
    dispatched += await scanOutboxes(0, batch);
  }
  return dispatched + (await sweepPending(olderThanMs, batch));
}

async function sweepPending(olderThanMs: number, batch: number): Promise<number> {
  const members = await kv().zrangebyscore(pendingKey(), '-inf', Date.now() - olderThanMs, 'LIMIT', 0, batch);
  const byDocument = new Map<
    string,
    { model: string; id: unknown; eventIds: Set<string>; members: string[] }
  >();
  for (const member of members) {
    const [model, rawId, eventId] = member.split(':');
    const key = `${model}:${rawId}`;
    const id = /^\d+$/.test(rawId ?? '') ? Number(rawId) : rawId;
    const entry = byDocument.get(key) ?? { model: model!, id, eventIds: new Set<string>(), members: [] };
    entry.eventIds.add(eventId!);
    entry.members.push(member);
    byDocument.set(key, entry);
  }
  let dispatched = 0;
  const models = new Map(registeredOutboxModels().map((model) => [model.modelName, model]));
  for (const entry of byDocument.values()) {
    const model = models.get(entry.model);
    const doc = model
      ? await model.findById(entry.id, { outbox: 1 }).lean<{ outbox?: OutboxEntry[] }>()
      : null;
    const due = (doc?.outbox ?? []).filter((event) => entry.eventIds.has(event.id));
    if (due.length > 0 && model && (await dispatchRecorded(model, entry.id, due))) dispatched += due.length;
    // Entries whose event never reached the document (its write failed) or is gone already.
    const found = new Set(due.map((event) => event.id));
    const stale = entry.members.filter((member) => !found.has(member.slice(member.lastIndexOf(':') + 1)));
    if (stale.length) await kv().zrem(pendingKey(), ...stale);
  }
  return dispatched;
}

/** The recovery path: every outbox collection scanned for events older than `olderThanMs`. */
async function scanOutboxes(olderThanMs: number, batch: number): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  let dispatched = 0;
  for (const model of registeredOutboxModels()) {
    // Dispatched events leave their outbox, so each round finds the next ones; a round that moves
    // nothing (Redis down) ends the scan.
    for (let round = 0; round < 100; round++) {
      const docs = await model
        .find({ 'outbox.createdAt': { $lte: before } } as never, { outbox: 1 })
        .limit(batch)
        .lean<{ _id: unknown; outbox?: OutboxEntry[] }[]>();
      let moved = 0;
      for (const doc of docs) {
        const due = (doc.outbox ?? []).filter((e) => new Date(e.createdAt) <= before);
        if (await dispatchRecorded(model, doc._id, due)) moved += due.length;
      }
      dispatched += moved;
      if (docs.length < batch || moved === 0) break;
    }
  }
  return dispatched;
}
