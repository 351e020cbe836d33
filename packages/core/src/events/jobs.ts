/**
 * Job definitions as data: each names its queue and job, the zod schema of its data, and an
 * idempotent handler. The worker looks definitions up by (queue, name); event jobs also pass through
 * a `job_runs` guard so one event runs its handler at most once per queue.
 */
import mongoose, { Schema } from 'mongoose';
import { z } from 'zod';
import {
  EventJobDataSchema,
  EventPayloadSchemas,
  type EventJobData,
  type EventPayload,
  type EventType,
  type QueueName,
} from '@forum/contracts';
import type { Logger } from '../logger';
import { PendingEvent, recordedEvent } from './pending-events';
import { countRunDone } from './queues';
import { eventSigningKey, hasValidSignature } from './signing';

export interface JobContext {
  queue: QueueName;
  name: string;
  jobId: string;
  log: Logger;
  /**
   * The job is started for the first time (BullMQ's `attemptsStarted` is 1): not a retry, not a
   * run again after a worker died holding it.
   */
  firstStart?: boolean;
}

/** How often a scheduled job runs; the worker upserts one BullMQ job scheduler per definition. */
export type JobSchedule = { every: number } | { pattern: string; tz?: string };

export interface JobDefinition<Data = unknown> {
  queue: QueueName;
  name: string;
  schema: z.ZodType<Data>;
  /** Set for event jobs: the event whose every occurrence this job handles (a route in `EventRoutes`). */
  event?: EventType;
  /** Set for event jobs: the key under which a completed run is recorded in `job_runs`. */
  onceKey?(data: Data): string;
  /** Set for jobs the worker schedules itself (data `{}`). */
  schedule?: JobSchedule;
  handler(data: Data, context: JobContext): Promise<void>;
}

export function defineJob<Data>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}

/** Job data of an event job, with the payload typed by the event. */
export interface EventJob<T extends EventType> {
  id: string;
  type: T;
  payload: EventPayload<T>;
  createdAt: string;
}

/**
 * An event job: its data is the event (`toJobData`), validated against the event's payload schema,
 * and its handler runs once per (queue, event id) however often the event is dispatched. The worker
 * runs it for the route of its event with its queue and name (`EventRoutes` in the contracts).
 */
export function defineEventJob<T extends EventType>(
  type: T,
  definition: Pick<JobDefinition<EventJob<T>>, 'queue' | 'name' | 'handler'>,
): JobDefinition<EventJob<T>> {
  const schema = EventJobDataSchema.extend({
    type: z.literal(type),
    payload: EventPayloadSchemas[type],
  }) as unknown as z.ZodType<EventJob<T>>;
  return { ...definition, event: type, schema, onceKey: (event) => event.id };
}

/**
 * Completed event-job runs, `_id` = `${queue}/${eventId}`. One row per run, so dispatching an
 * event again after BullMQ removed its finished job does not run the handler again. (Routes send an
 * event at most once to each queue: the job id is the event id there too.)
 */
const JobRunSchema = new Schema(
  {
    _id: { type: String, required: true },
    queue: { type: String, required: true },
    name: { type: String, required: true },
    finishTime: { type: Number, required: true },
  },
  { versionKey: false, collection: 'job_runs' },
);
JobRunSchema.index({ finishTime: 1 });
export const JobRun = mongoose.model('JobRun', JobRunSchema);

/**
 * How long a completed run is remembered. Far longer than an event can wait in an outbox or a
 * failed job is kept (7 days), so a forgotten run can never be dispatched again.
 */
export const jobRunRetentionMs = 30 * 24 * 3600 * 1000;

/** Deletes run records past retention (FerretDB has no TTL indexes). Returns how many. */
export async function pruneJobRuns(now = Date.now()): Promise<number> {
  const { deletedCount } = await JobRun.deleteMany({ finishTime: { $lt: now - jobRunRetentionMs } });
  return deletedCount;
}

/**
 * An event job whose event no write recorded: its data was made up (or its event long settled).
 * It is never run, and never retried.
 */
export class UnrecordedEventError extends Error {
  constructor(eventId: string, type: string) {
    super(`no write recorded the ${type} event ${eventId}: the job is refused`);
    this.name = 'UnrecordedEventError';
  }
}

/**
 * Runs a definition's handler on already validated data. Returns false when an event job was
 * skipped because it already ran. An event job runs on the event as it was recorded, never on the
 * job's own copy: a job added by hand with an invented payload (points for invented check-in days,
 * someone's content removed) changes nothing, and one with an unknown event id is refused.
 */
export async function runJob<Data>(
  definition: JobDefinition<Data>,
  data: Data,
  context: JobContext,
): Promise<boolean> {
  if (!definition.onceKey) {
    await definition.handler(data, context);
    return true;
  }
  const runId = `${definition.queue}/${definition.onceKey(data)}`;
  let first: boolean;
  runsUnderWay++;
  try {
    if (mayHaveRun(data, context) && (await JobRun.exists({ _id: runId }))) return false;
    const event = definition.event ? await recordedEventFor(definition, data) : data;
    // A crash after the handler and before this row means one more run, which the handler absorbs.
    await definition.handler(event, context);
    first = await recordRun({
      _id: runId,
      queue: definition.queue,
      name: definition.name,
      finishTime: Date.now(),
    });
  } finally {
    runsUnderWay--;
    // A run that ended without a row (skipped, failed) may have been the one the others waited for.
    insertRunsIfNoneToWaitFor();
  }
  if (first && definition.event) await settleIfLastRoute(data as EventJobData);
  return true;
}

interface JobRunRow {
  _id: string;
  queue: string;
  name: string;
  finishTime: number;
}

/** Runs of event jobs in this process between their start and the insert of their row. */
let runsUnderWay = 0;

/** Rows of completed runs waiting for one insert. */
let runBatch:
  | {
      rows: JobRunRow[];
      waiters: { resolve(first: boolean): void; reject(error: unknown): void }[];
      timer: NodeJS.Timeout;
    }
  | undefined;
/** How long a row waits at most for the runs still under way to join it (tests lengthen it). */
export const runRowWait = { maxMs: 10 };

/**
 * Records a completed run. Resolves true when this call's row was inserted, false when the run was
 * recorded already (a concurrent or earlier run of the same event on the same queue).
 *
 * The runs a worker completes at about the same moment (an event's jobs on its queues, a busy
 * queue's concurrent jobs) share one insert: on the embedded database every statement costs more
 * than its rows. A row waits for the runs still under way in this process to join it, and goes
 * as soon as none is left to wait for (on a quiet site at once), or after `runRowWait.maxMs` at
 * most, since a waiting run holds its queue's place. Measured on the bench's write rows,
 * a fixed 3 ms window took 1.1–1.3 inserts of these rows a comment and 0.6 a like; grouping by
 * the insert under way (as `insertGrouped` does) 1.5 and 0.8, since it sends the first of an
 * event's two runs alone.
 */
function recordRun(row: JobRunRow): Promise<boolean> {
  return new Promise((resolve, reject) => {
    runBatch ??= { rows: [], waiters: [], timer: setTimeout(() => void insertRunBatch(), runRowWait.maxMs) };
    runBatch.rows.push(row);
    runBatch.waiters.push({ resolve, reject });
    insertRunsIfNoneToWaitFor();
  });
}

/** Inserts the waiting rows now when every run under way has added its own. */
function insertRunsIfNoneToWaitFor(): void {
  if (runBatch && runBatch.rows.length >= runsUnderWay) void insertRunBatch();
}

async function insertRunBatch(): Promise<void> {
  const batch = runBatch;
  if (!batch) return;
  runBatch = undefined;
  clearTimeout(batch.timer);
  try {
    await JobRun.collection.insertMany(batch.rows as never[], { ordered: false });
    for (const waiter of batch.waiters) waiter.resolve(true);
  } catch (error) {
    // Unordered: every row but those listed was inserted; a listed duplicate was recorded before.
    const failed = new Map<number, unknown>();
    const writeErrors = (
      error as { writeErrors?: { index: number; code?: number }[] | { index: number; code?: number } }
    ).writeErrors;
    for (const writeError of [writeErrors ?? []].flat()) failed.set(writeError.index, writeError);
    if (failed.size === 0) {
      for (const waiter of batch.waiters) waiter.reject(error);
      return;
    }
    batch.waiters.forEach((waiter, index) => {
      const rowError = failed.get(index) as { code?: number } | undefined;
      if (!rowError) waiter.resolve(true);
      else if (rowError.code === 11000) waiter.resolve(false);
      else waiter.reject(error);
    });
  }
}

/**
 * Whether a run of this job may have completed before. Not when the writer of an inserted document
 * queued it (`source`: only `dispatchInserted` sets it, once per event, and the sweeper re-queues
 * without it) and this is its first start: no run of the event on this queue has begun before, so
 * its `job_runs` row cannot exist, and the lookup is saved.
 */
function mayHaveRun(data: unknown, context: JobContext): boolean {
  return !(context.firstStart && (data as Partial<EventJobData>).source);
}

/**
 * Counts the event's completed route down; after its last one, the event's `pending_events` row
 * (an event without `source` has one) is deleted here rather than by the sweeper, which then only
 * drops the event from its index (`remainingRoutes` says 0) without reading the database.
 */
async function settleIfLastRoute({ id, source }: EventJobData): Promise<void> {
  if ((await countRunDone(id)) === 0 && !source) await PendingEvent.deleteOne({ _id: id });
}

/** The recorded event an event job's data names, in the job's data shape. */
async function recordedEventFor<Data>(definition: JobDefinition<Data>, data: Data): Promise<Data> {
  const { id, type, source } = data as EventJobData;
  // Signed by the writer that recorded it: the job's data is the recorded event (see signing.ts).
  if (hasValidSignature(await eventSigningKey(), data as EventJobData)) return data;
  const recorded = await recordedEvent(id, source);
  if (!recorded || recorded.type !== definition.event) throw new UnrecordedEventError(id, type);
  return definition.schema.parse({
    id: recorded.id,
    type: recorded.type,
    payload: recorded.payload,
    createdAt: new Date(recorded.createdAt).toISOString(),
  });
}
