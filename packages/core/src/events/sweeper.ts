/**
 * The sweeper (the maintenance queue's `sweep-outbox` job, every few seconds): settles events whose
 * dispatch failed or whose jobs were lost, so every recorded event's jobs run, however a writer,
 * Redis or a worker died in between.
 */
import { routesOf, type EventRoute, type QueueName } from '@forum/contracts';
import { hasKv, kv, kvKey } from '../kv';
import { eventsSwept } from '../metrics/series';
import { indexPending, pendingRecheckMs } from './dispatch';
import { JobRun, jobRunRetentionMs } from './jobs';
import { pendingKey, registeredOutboxModels, type OutboxEntry } from './outbox';
import {
  keepPendingEvents,
  outboxEntryOf,
  PendingEvent,
  pendingEventOf,
  type PendingEventDoc,
} from './pending-events';
import {
  defaultJobOptions,
  enqueueTimeoutMs,
  getQueue,
  remainingRoutesKey,
  toJobData,
  withTimeout,
} from './queues';
import { eventSigningKey } from './signing';

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
  const key = await eventSigningKey();
  for (const route of routes) {
    const queue = getQueue(route.queue);
    const job = await queue.getJob(event.id);
    if (!job) await queue.add(route.job, toJobData(event, undefined, key), { jobId: event.id });
    else if ((await job.isFailed()) && job.attemptsStarted < sweeperAttemptLimit) {
      await job.retry('failed', { resetAttemptsMade: true });
    }
  }
}

/** Set once a full scan has put every recorded event in the pending index. */
export const indexCompleteKey = () => kvKey('outbox', 'indexed');

/**
 * Held while one sweep scans for the index: sweeps overlap when one outlasts the schedule (a long
 * recovery scan) or several workers sweep, and the others then settle what is indexed so far
 * instead of scanning too. Renewed after each page of the scan and expiring soon after the last,
 * so a sweeper that died mid-scan leaves it to the next within a minute.
 */
export const indexScanKey = () => kvKey('outbox', 'indexing');
const indexScanClaimSeconds = 60;

async function claimIndexScan(): Promise<boolean> {
  return (await kv().set(indexScanKey(), String(process.pid), 'EX', indexScanClaimSeconds, 'NX')) === 'OK';
}

/** Events left in an outbox longer than this are taken as handled: their jobs' runs may be pruned. */
const outboxHorizonMs = jobRunRetentionMs / 4;

/**
 * How far back the recovery scan (Redis lost the pending index) reads outboxes. Every insert keeps
 * its events in its outbox (`dispatchInserted`), so reading a week of them after each Redis loss
 * would settle every write of the week again; an event whose jobs were still queued after an hour
 * is a worker outage the operators see, and older ones ran. Events in `pending_events` are all read.
 */
export const recoveryScanMs = 3600_000;

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
  if (!(await kv().get(indexCompleteKey())) && (await claimIndexScan())) {
    // Events recorded meanwhile are registered by their writers; the scan finds the rest. Every
    // age: an event recorded just before Redis was emptied has lost its entry too. Marked complete
    // only once it is (a scan cut short runs again; whoever waits for the index sees it whole).
    try {
      for await (const found of scanRecorded(0, batch)) {
        await indexPending(found, 0, true);
        await kv().expire(indexScanKey(), indexScanClaimSeconds);
      }
      await kv().set(indexCompleteKey(), String(Date.now()));
    } finally {
      await kv().del(indexScanKey());
    }
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
    const candidates = members.map((member) => {
      const [model, rawId, eventId] = member.split(':');
      const documentId = /^\d+$/.test(rawId ?? '') ? Number(rawId) : rawId;
      return { member, candidate: { model: model!, documentId, eventId: eventId! } };
    });
    // Events whose every route ran, as their jobs counted (`countRunDone`): nothing to read.
    // One GET per event, not MGET: on a Redis Cluster each event's key lies in a slot of its own.
    const left = await Promise.all(
      candidates.map(({ candidate }) => kv().get(remainingRoutesKey(candidate.eventId))),
    );
    const settled = candidates.filter((_, i) => left[i] === '0');
    if (settled.length) {
      // Out of the pending set first: a count left behind by a crash between the two only waits
      // for its expiry, while a pending member without its count would be settled again.
      await kv().zrem(pendingKey(), ...settled.map(({ member }) => member));
      await Promise.all(settled.map(({ candidate }) => kv().del(remainingRoutesKey(candidate.eventId))));
    }
    for (const [i, { member, candidate }] of candidates.entries()) {
      if (left[i] === '0') continue;
      const outcome = await settle(candidate);
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
  // From here the event has a row, which its jobs' count would not delete: the sweeper settles it.
  if (hasKv()) await kv().del(remainingRoutesKey(event.id));
  try {
    await withTimeout(requeueEvent(event, missing), enqueueTimeoutMs);
    return 'enqueued';
  } catch {
    return 'failed';
  }
}

/**
 * Documents a page of the recovery scan reads at least. On FerretDB each page's filter reads and
 * sorts the whole collection, so the scan costs pages × collection: after a busy hour (tens of
 * thousands of writes) pages of 200 took minutes, and until the scan ends nothing written before
 * Redis was lost is settled. Only ids and outboxes are kept of what a page reads.
 */
export const RECOVERY_SCAN_PAGE = 5000;

/**
 * The recovery path: every waiting row of `pending_events`, and every outbox entry of the last hour
 * (`recoveryScanMs`) older than `olderThanMs`, in pages by `_id` (these filters scan: recovery only).
 */
async function* scanRecorded(olderThanMs: number, smallest: number): AsyncGenerator<Candidate[]> {
  const batch = Math.max(smallest, RECOVERY_SCAN_PAGE);
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
  const since = new Date(Date.now() - recoveryScanMs);
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
