/**
 * Producer side of the queues: one BullMQ Queue per queue name, created on first use. The API uses
 * it to dispatch recorded events; the worker's sweeper uses it to re-dispatch forgotten ones.
 */
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { DomainEvent, EventJobData, QueueName } from '@forum/contracts';
import { routesOf, type EventRoute } from './routes';
import { hasKv, kv, kvKey } from '../kv';
import { JobRun, jobRunRetentionMs } from './jobs';
import {
  outboxModelNamed,
  pendingKey,
  pendingMember,
  registeredOutboxModels,
  type OutboxEntry,
} from './outbox';
import { eventsDispatched, eventsSwept } from '../metrics/series';
import {
  keepPendingEvents,
  outboxEntryOf,
  PendingEvent,
  pendingEventOf,
  type PendingEventDoc,
} from './pending-events';

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

export type JobOutcome = { state: 'completed' } | { state: 'failed'; reason: string } | { state: 'timeout' };

/**
 * Adds one job that runs once and waits for its outcome (an action whose result someone waits on,
 * such as the console's test mail). A job still waiting when the time is up is removed.
 */
export async function addJobAndWait(
  queueName: QueueName,
  name: string,
  data: unknown,
  options: { jobId: string; timeoutMs: number },
): Promise<JobOutcome> {
  if (!settings) throw new Error('initEventBus() was not called');
  const blocking = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
  const events = new QueueEvents(queueName, { connection: blocking, prefix: eventBusPrefix() });
  events.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  try {
    const outcome = new Promise<JobOutcome>((resolve) => {
      events.on('completed', ({ jobId }) => jobId === options.jobId && resolve({ state: 'completed' }));
      events.on('failed', ({ jobId, failedReason }) => {
        if (jobId === options.jobId) resolve({ state: 'failed', reason: failedReason });
      });
      timer = setTimeout(() => resolve({ state: 'timeout' }), options.timeoutMs);
    });
    // Listening before the job exists, so even a job that finishes at once is seen.
    await events.waitUntilReady();
    const job = await getQueue(queueName).add(name, data, {
      jobId: options.jobId,
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: { age: 24 * 3600 },
    });
    const result = await outcome;
    if (result.state === 'timeout') await job.remove().catch(() => undefined);
    return result;
  } finally {
    clearTimeout(timer);
    await events.close().catch(() => undefined);
    blocking.disconnect();
  }
}

export async function closeEventBus(): Promise<void> {
  await Promise.all([...queues.values()].map((queue) => queue.close()));
  queues.clear();
  await connection?.quit().catch(() => undefined);
  connection = undefined;
}

/**
 * Closes the bus and forgets its settings, as in a process that never called `initEventBus`: a
 * write then leaves its events recorded for the sweeper. Test files share modules, so the test
 * harness resets the bus after each file.
 */
export async function resetEventBus(): Promise<void> {
  await closeEventBus();
  settings = undefined;
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

/** Enqueues each event on every queue that reacts to it (or on `routes`), with the event id as job id. */
export async function enqueueEvents(
  events: (DomainEvent | OutboxEntry)[],
  routesFor: (event: DomainEvent | OutboxEntry) => EventRoute[] = (event) => routesOf(event.type),
): Promise<void> {
  for (const event of events) {
    for (const route of routesFor(event)) {
      await getQueue(route.queue).add(route.job, toJobData(event), { jobId: event.id });
    }
  }
}

/** The routes of an event whose job has not run yet (no `job_runs` row). */
async function unfinishedRoutes(event: Pick<OutboxEntry, 'id' | 'type'>): Promise<EventRoute[]> {
  const routes = [];
  for (const route of routesOf(event.type)) {
    if (!(await JobRun.exists({ _id: `${route.queue}/${event.id}` }))) routes.push(route);
  }
  return routes;
}

/** How many attempts, all told, a failed event job gets from the sweeper's retries. */
const sweeperAttemptLimit = 5 * (defaultJobOptions.attempts ?? 1);

/**
 * The sweeper's enqueue: like `enqueueEvents`, but a job of the event that failed (it keeps its id
 * in the failed set for days, so adding it again would do nothing) runs again, with its attempts
 * counted afresh, until it has been tried `sweeperAttemptLimit` times: a failure that outlasts a
 * restart of the database or the worker heals, and one that never will stays in the failed set
 * for operators. A job still waiting or running is left alone.
 */
async function requeueEvent(event: OutboxEntry, routes: { queue: QueueName; job: string }[]): Promise<void> {
  for (const route of routes) {
    const queue = getQueue(route.queue);
    const job = await queue.getJob(event.id);
    if (!job) await queue.add(route.job, toJobData(event), { jobId: event.id });
    else if ((await job.isFailed()) && job.attemptsStarted < sweeperAttemptLimit) {
      await job.retry('failed', { resetAttemptsMade: true });
    }
  }
}

/** How long a write waits for Redis before leaving its events to the sweeper. */
const dispatchTimeoutMs = 2000;

/**
 * How long after a dispatch the sweeper first checks that an event's jobs have run, and then how
 * often it checks again (re-enqueueing what is missing, e.g. after Redis restarted empty).
 */
export const pendingRecheckMs = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Lists the events in the pending index, due for the sweeper at `dueAt`. */
async function indexPending(
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
    await withTimeout(enqueueEvents(events), dispatchTimeoutMs);
    await model.updateOne(
      { _id: documentId } as never,
      // FerretDB v1's $pull matches exact values only, so the entries are removed as written.
      { $pullAll: { outbox: events.map(toOutboxEntry) } } as never,
    );
    // The sweeper looks again once the jobs have had time to run, and forgets the event then.
    await indexPending(
      events.map((event) => ({ model: model.modelName, documentId, eventId: event.id })),
      Date.now() + pendingRecheckMs,
    );
    for (const event of events) eventsDispatched.inc({ type: event.type });
    return true;
  } catch {
    return false;
  }
}

/** Set once a full scan has put every recorded event in the pending index. */
const indexCompleteKey = () => kvKey('outbox', 'indexed');

/** Events left in an outbox longer than this are taken as handled: their jobs' runs may be pruned. */
const outboxHorizonMs = jobRunRetentionMs / 4;

interface Candidate {
  model: string;
  documentId: unknown;
  eventId: string;
}

/**
 * Settles the events recorded before `olderThanMs` ago (or due for a re-check): an event whose jobs
 * have all run leaves `pending_events` and the index; one that is still waiting is enqueued again
 * on the queues whose job has not run (the job id dedupes while the job exists in Redis). It reads
 * the pending index and looks rows and documents up by `_id`; it scans `pending_events` and the
 * outbox collections only when the index may be incomplete (Redis lost it), and without Redis.
 * Returns how many events it enqueued.
 */
export async function sweepOutboxes(olderThanMs = 5000, batch = 200): Promise<number> {
  const swept = await sweepOnce(olderThanMs, batch);
  eventsSwept.inc(swept);
  return swept;
}

async function sweepOnce(olderThanMs: number, batch: number): Promise<number> {
  if (!hasKv()) {
    let dispatched = 0;
    for await (const found of scanRecorded(olderThanMs, batch)) {
      for (const candidate of found) if ((await settle(candidate)) === 'enqueued') dispatched++;
    }
    return dispatched;
  }
  if (!(await kv().get(indexCompleteKey()))) {
    // Set before the scan: events recorded from now on are registered, the scan finds the rest.
    await kv().set(indexCompleteKey(), String(Date.now()));
    // Every age: an event recorded just before Redis was emptied has lost its entry too.
    for await (const found of scanRecorded(0, batch)) await indexPending(found, 0, true);
  }
  let dispatched = 0;
  // A few batches a run, so a busy site's events do not pile up in the index.
  for (let round = 0; round < 10; round++) {
    const members = await kv().zrangebyscore(
      pendingKey(),
      '-inf',
      Date.now() - olderThanMs,
      'LIMIT',
      0,
      batch,
    );
    for (const member of members) {
      const [model, rawId, eventId] = member.split(':');
      const documentId = /^\d+$/.test(rawId ?? '') ? Number(rawId) : rawId;
      const outcome = await settle({ model: model!, documentId, eventId: eventId! });
      if (outcome === 'enqueued') {
        dispatched++;
        await kv().zadd(pendingKey(), 'XX', Date.now() + pendingRecheckMs, member);
      } else if (outcome === 'failed') {
        return dispatched; // Redis does not take jobs: the next run tries again.
      } else {
        await kv().zrem(pendingKey(), member);
      }
    }
    if (members.length < batch) break;
  }
  return dispatched;
}

/**
 * One event: 'done' (every job ran, or it was never written), 'enqueued' (its missing jobs are
 * queued), 'failed' (Redis refused them). Writes only `pending_events` rows, never the document.
 */
async function settle(candidate: Candidate): Promise<'done' | 'enqueued' | 'failed'> {
  const row = await PendingEvent.findById(candidate.eventId).lean<PendingEventDoc>();
  let event: OutboxEntry | undefined = row ? outboxEntryOf(row) : undefined;
  if (!event) {
    // The writer died before handing the event over, or the event is settled already.
    const model = registeredOutboxModels().find((m) => m.modelName === candidate.model);
    const doc = model
      ? await model.findById(candidate.documentId, { outbox: 1 }).lean<{ outbox?: OutboxEntry[] }>()
      : null;
    event = doc?.outbox?.find((entry) => entry.id === candidate.eventId);
    if (!event || Date.now() - new Date(event.createdAt).getTime() > outboxHorizonMs) return 'done';
  }
  const missing = await unfinishedRoutes(event);
  if (missing.length === 0) {
    if (row) await PendingEvent.deleteOne({ _id: row._id });
    return 'done';
  }
  if (!row) await keepPendingEvents([pendingEventOf(candidate.model, candidate.documentId, event)]);
  try {
    await withTimeout(requeueEvent(event, missing), dispatchTimeoutMs);
    return 'enqueued';
  } catch {
    return 'failed';
  }
}

/**
 * The recovery path: every waiting row of `pending_events`, and every outbox entry younger than the
 * horizon and older than `olderThanMs`, in pages by `_id` (these filters scan: recovery only).
 */
async function* scanRecorded(olderThanMs: number, batch: number): AsyncGenerator<Candidate[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await PendingEvent.find(after === undefined ? {} : { _id: { $gt: after } })
      .sort({ _id: 1 })
      .limit(batch)
      .lean<PendingEventDoc[]>();
    if (rows.length === 0) break;
    yield rows.map((row) => ({ model: row.model, documentId: row.documentId, eventId: row._id }));
    after = rows[rows.length - 1]!._id;
    if (rows.length < batch) break;
  }
  const before = new Date(Date.now() - olderThanMs);
  const since = new Date(Date.now() - outboxHorizonMs);
  for (const model of registeredOutboxModels()) {
    let last: unknown;
    for (;;) {
      const filter: Record<string, unknown> = { 'outbox.createdAt': { $lte: before, $gte: since } };
      if (last !== undefined) filter._id = { $gt: last };
      const docs = await model
        .find(filter as never, { outbox: 1 })
        .sort({ _id: 1 })
        .limit(batch)
        .lean<{ _id: unknown; outbox?: OutboxEntry[] }[]>();
      if (docs.length === 0) break;
      yield docs.flatMap((doc) =>
        (doc.outbox ?? [])
          .filter((entry) => new Date(entry.createdAt) <= before)
          .map((entry) => ({ model: model.modelName, documentId: doc._id, eventId: entry.id })),
      );
      last = docs[docs.length - 1]!._id;
      if (docs.length < batch) break;
    }
  }
}
