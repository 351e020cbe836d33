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
import { isDuplicateKeyError } from '../db/duplicate-key';
import type { Logger } from '../logger';
import { recordedEvent } from './pending-events';

export interface JobContext {
  queue: QueueName;
  name: string;
  jobId: string;
  log: Logger;
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
  if (await JobRun.exists({ _id: runId })) return false;
  const event = definition.event ? await recordedEventFor(definition, data) : data;
  // A crash after the handler and before this row means one more run, which the handler absorbs.
  await definition.handler(event, context);
  try {
    await JobRun.create({
      _id: runId,
      queue: definition.queue,
      name: definition.name,
      finishTime: Date.now(),
    });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  return true;
}

/** The recorded event an event job's data names, in the job's data shape. */
async function recordedEventFor<Data>(definition: JobDefinition<Data>, data: Data): Promise<Data> {
  const { id, type } = data as EventJobData;
  const recorded = await recordedEvent(id);
  if (!recorded || recorded.type !== definition.event) throw new UnrecordedEventError(id, type);
  return definition.schema.parse({
    id: recorded.id,
    type: recorded.type,
    payload: recorded.payload,
    createdAt: new Date(recorded.createdAt).toISOString(),
  });
}
