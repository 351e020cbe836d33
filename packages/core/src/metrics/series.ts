/**
 * The series every process counts into, defined once in one registry (docs/operations.md "Metrics" lists them). Kept
 * apart from the collectors in `index.ts`, which read queues and the read model, so the event bus
 * and the outbox can count without importing what imports them.
 */
import { Counter, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const jobBuckets = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

export const httpRequestDuration = new Histogram({
  name: 'forum_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, with their latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

export const trpcProcedureDuration = new Histogram({
  name: 'forum_trpc_procedure_duration_seconds',
  help: 'tRPC procedure calls by path, type and outcome (ok or the tRPC error code), with their latency',
  labelNames: ['procedure', 'type', 'outcome'] as const,
  buckets: latencyBuckets,
  registers: [metricsRegistry],
});

export const eventsRecorded = new Counter({
  name: 'forum_events_recorded_total',
  help: 'Domain events recorded in an outbox, by type',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});

export const eventsDispatched = new Counter({
  name: 'forum_events_dispatched_total',
  help: 'Recorded events moved to their queues and removed from their outbox, by type',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});

export const eventsSwept = new Counter({
  name: 'forum_events_swept_total',
  help: 'Events the outbox sweeper found still recorded and dispatched (the write path had not)',
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'forum_job_duration_seconds',
  help: 'Job runs by queue, job name and outcome (completed or failed), with their duration',
  labelNames: ['queue', 'job', 'outcome'] as const,
  buckets: jobBuckets,
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'forum_job_failures_total',
  help: 'Failed job attempts by queue and job name; final="true" when BullMQ will not retry it',
  labelNames: ['queue', 'job', 'final'] as const,
  registers: [metricsRegistry],
});

/**
 * Database commands this process sent, by command (`insert`, `update`, `find`, …) and collection,
 * and the time they took: statements per write are the bench's measure of a write's cost.
 */
export const dbCommands = new Counter({
  name: 'forum_db_commands_total',
  help: 'Database commands sent, by command name and collection',
  labelNames: ['command', 'collection'] as const,
  registers: [metricsRegistry],
});

export const dbCommandSeconds = new Counter({
  name: 'forum_db_command_seconds_total',
  help: 'Time database commands took (from sending to the answer), by command name and collection',
  labelNames: ['command', 'collection'] as const,
  registers: [metricsRegistry],
});
