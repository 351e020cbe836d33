/**
 * Prometheus metrics of every process (`/metrics` on the API and on the worker's health port): the
 * shared series (`series.ts`), the collectors a process turns on, and who may read them. Gauges whose
 * value lives in Redis (queue depth, the read model's state) are read when Prometheus scrapes, not
 * kept up to date by polling.
 */
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Gauge, collectDefaultMetrics } from 'prom-client';
import { QueueNames, type QueueName } from '@forum/contracts';
import { getQueue } from '../events/queues';
import { rebuildProgress, readModelState } from '../read-model/rebuild';
import { metricsRegistry } from './series';

export * from './series';

let processMetricsOn = false;

/** Node's own series (CPU, memory, event-loop lag, GC, handles), labelled with the process role. */
export function enableProcessMetrics(role: 'api' | 'worker'): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  metricsRegistry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'forum_' });
}

let readModelMetricsOn = false;

/** `forum_read_model_ready` and the progress of a rebuild in progress, read from Redis at scrape. */
export function enableReadModelMetrics(): void {
  if (readModelMetricsOn) return;
  readModelMetricsOn = true;
  new Gauge({
    name: 'forum_read_model_ready',
    help: '1 when the read model is whole and of this release’s layout, else 0',
    registers: [metricsRegistry],
    async collect() {
      this.set((await readModelState().catch(() => 'missing')) === 'ready' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'forum_read_model_rebuild_progress_ratio',
    help: 'Share of the current rebuild source done (0..1), by source; absent when no rebuild runs',
    labelNames: ['source'] as const,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const progress = await rebuildProgress().catch(() => null);
      if (progress && progress.total > 0) {
        this.set({ source: progress.source }, Math.min(1, progress.done / progress.total));
      }
    },
  });
}

let queueMetricsOn = false;

/** Age in seconds of the job that has waited longest on `queue`, 0 when none waits. */
export async function oldestWaitingAgeSeconds(queue: QueueName, now = Date.now()): Promise<number> {
  // `asc` lists the waiting list from its oldest end.
  const [oldest] = await getQueue(queue).getJobs(['wait'], 0, 0, true);
  if (!oldest) return 0;
  // A delayed job became waiting when its delay ended, not when it was added.
  const since = oldest.timestamp + (oldest.delay ?? 0);
  return Math.max(0, (now - since) / 1000);
}

/**
 * Depth and age of the oldest waiting job of every queue, read from BullMQ at scrape. Every worker
 * reports every queue (not only those it consumes), so a queue nobody consumes still shows its
 * backlog; the series of several workers are equal, aggregate them with `max by (queue)`.
 */
export function enableQueueMetrics(queues: readonly QueueName[] = QueueNames): void {
  if (queueMetricsOn) return;
  queueMetricsOn = true;
  new Gauge({
    name: 'forum_queue_jobs',
    help: 'Jobs per queue and state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [metricsRegistry],
    async collect() {
      for (const queue of queues) {
        const counts = await getQueue(queue).getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
      }
    },
  });
  new Gauge({
    name: 'forum_queue_oldest_waiting_age_seconds',
    help: 'How long the oldest waiting job of each queue has waited; grows when a queue needs more workers',
    labelNames: ['queue'] as const,
    registers: [metricsRegistry],
    async collect() {
      for (const queue of queues) this.set({ queue }, await oldestWaitingAgeSeconds(queue));
    },
  });
}

/** Creates a gauge read at scrape time from the running process (sockets, rooms). */
export function defineLiveGauge(
  name: string,
  help: string,
  labelNames: string[],
  read: () => { labels?: Record<string, string>; value: number }[],
): void {
  metricsRegistry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    collect() {
      this.reset();
      for (const { labels, value } of read()) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    },
  });
}

const privateV4 = [/^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^127\./];

function isInternalAddress(address: string): boolean {
  const plain = address.replace(/^::ffff:/, '');
  if (isIP(plain) === 4) return privateV4.some((range) => range.test(plain));
  return plain === '::1' || /^f[cd]/i.test(plain);
}

/**
 * Who may read `/metrics`. With `METRICS_TOKEN` set: a request with `Authorization: Bearer <token>`.
 * Without: a direct connection from a loopback or private address (Prometheus inside the cluster),
 * never one that came through a proxy (it carries X-Forwarded-For), so a public proxy that forwards
 * the path by mistake still exposes nothing.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return isInternalAddress(req.socket.remoteAddress ?? '');
}

/** Answers a `/metrics` request: the text format, or 401/403 for callers `mayReadMetrics` refuses. */
export async function metricsAnswer(
  req: IncomingMessage,
  token: string | undefined,
): Promise<{ status: number; contentType: string; body: string }> {
  if (!mayReadMetrics(req, token)) {
    return token
      ? { status: 401, contentType: 'text/plain; charset=utf-8', body: 'metrics token required\n' }
      : { status: 403, contentType: 'text/plain; charset=utf-8', body: 'metrics are internal\n' };
  }
  return { status: 200, contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
