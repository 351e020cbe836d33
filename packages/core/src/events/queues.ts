/**
 * The queues, producer side: one BullMQ Queue per queue name, created on first use, and the
 * enqueueing of recorded events on every queue their routes name. The API enqueues what its writes
 * record (`dispatch.ts`); the worker's sweeper enqueues what was left behind (`sweeper.ts`).
 */
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import {
  routesOf,
  type DomainEvent,
  type EventJobData,
  type EventRoute,
  type QueueName,
} from '@forum/contracts';
import type { OutboxEntry } from './outbox';
import { hasKv, kv, kvKey } from '../kv';
import { createRedis, isClusterAddress, type Redis } from '../redis';
import { eventSigningKey, signEventJob } from './signing';

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

/**
 * The BullMQ prefix of one queue. On a Redis Cluster each queue's keys carry the queue's name as
 * their hash tag (`forum:{points}:points:wait`), as BullMQ's Lua scripts need every key of a queue
 * in one slot, while different queues land on different nodes. On one Redis the keys keep the
 * plain prefix, so the jobs a running forum has queued stay where its workers look after an upgrade.
 */
export function queuePrefix(base: string, queue: string, cluster: boolean): string {
  return cluster ? `${base}:{${queue}}` : base;
}

export function eventBusPrefix(queue: QueueName): string {
  return queuePrefix(bullPrefix(settings?.prefix), queue, isClusterAddress(settings?.redisUrl));
}

export function getQueue(name: QueueName): Queue {
  if (!settings) throw new Error('initEventBus() was not called');
  let queue = queues.get(name);
  if (!queue) {
    // Producers fail fast when Redis is down: the event stays in the outbox for the sweeper.
    connection ??= createRedis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    queue = new Queue(name, { connection, prefix: eventBusPrefix(name), defaultJobOptions });
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
  const blocking = createRedis(settings.redisUrl, { maxRetriesPerRequest: null });
  const events = new QueueEvents(queueName, { connection: blocking, prefix: eventBusPrefix(queueName) });
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

/** An event as job data, signed with `key` when there is one (see `signing.ts`). */
export function toJobData(
  event: DomainEvent | OutboxEntry,
  source?: EventSource,
  key?: Buffer | null,
): EventJobData {
  const data: EventJobData = {
    id: event.id,
    type: event.type,
    payload: event.payload,
    createdAt: new Date(event.createdAt).toISOString(),
    ...(source && { source }),
  };
  if (key) data.signature = signEventJob(key, data);
  return data;
}

export function toOutboxEntry(event: DomainEvent | OutboxEntry): OutboxEntry {
  return { id: event.id, type: event.type, payload: event.payload, createdAt: new Date(event.createdAt) };
}

/** Where an event without a `pending_events` row is kept: the outbox of the document it created. */
export type EventSource = NonNullable<EventJobData['source']>;

/**
 * Enqueues each event on every queue that reacts to it, with the event id as job id, after
 * counting its routes in `remainingRoutesKey` (each completed run counts one down, `countRunDone`),
 * so the sweeper can settle an event whose jobs all ran without reading the database. `source`
 * names the document that keeps the events when they have no `pending_events` row; `routesFor`
 * narrows the queues (a repair that re-runs one job). `projected`: the writer projected its write,
 * so the routes that would only repeat that projection (`repair`) are neither enqueued nor counted.
 */
export async function enqueueEvents(
  events: (DomainEvent | OutboxEntry)[],
  {
    source,
    projected = false,
    routesFor = (event) => routesOf(event.type),
  }: {
    source?: EventSource;
    projected?: boolean;
    routesFor?: (event: DomainEvent | OutboxEntry) => readonly EventRoute[];
  } = {},
): Promise<void> {
  const key = await eventSigningKey();
  for (const event of events) {
    const wanted = (route: EventRoute) => !(projected && route.repair);
    // Every wanted route counts, also those a narrowed call leaves to the sweeper.
    const all = routesOf(event.type).filter(wanted).length;
    if (hasKv()) await kv().set(remainingRoutesKey(event.id), all, 'EX', remainingRoutesTtlSeconds, 'NX');
    const data = toJobData(event, source, key);
    // Side by side: each add is a round trip of its own, and their order does not matter.
    await Promise.all(
      routesFor(event)
        .filter(wanted)
        .map((route) => getQueue(route.queue).add(route.job, data, { jobId: event.id })),
    );
  }
}

/**
 * How many of an event's routes have not completed a run yet, while Redis remembers it. Missing
 * (Redis lost it, or it expired) means unknown: the sweeper then asks `job_runs`.
 */
export const remainingRoutesKey = (eventId: string) => kvKey('events', 'left', eventId);
/** Far longer than the sweeper's first look (30 s) and its re-checks. */
export const remainingRoutesTtlSeconds = 24 * 3600;

const COUNT_DOWN_IF_KNOWN = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return -1`;

/**
 * Counts one completed route of an event down. Returns the routes left (0: all ran), or -1 when
 * Redis does not know the event (never counted, or lost): then nothing is counted.
 */
export async function countRunDone(eventId: string): Promise<number> {
  if (!hasKv()) return -1;
  return Number(await kv().eval(COUNT_DOWN_IF_KNOWN, 1, remainingRoutesKey(eventId)));
}

/** Routes of the event still to run, as Redis counts them, or null when it does not know. */
export async function remainingRoutes(eventId: string): Promise<number | null> {
  if (!hasKv()) return null;
  const left = await kv().get(remainingRoutesKey(eventId));
  return left === null ? null : Number(left);
}

/** How long a write (or the sweeper) waits for Redis to take its jobs before giving up for now. */
export const enqueueTimeoutMs = 2000;

/** `promise`, or an error once `ms` have passed (BullMQ waits for a connection that may never come). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
