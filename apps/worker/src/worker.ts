/**
 * The worker as a library: `startWorker(config)` consumes the configured queues and serves health
 * checks until `close()`. `main.ts` adds only the environment and the signals, so tests can run the
 * same worker in-process.
 */
import { hostname } from 'node:os';
import { Worker } from 'bullmq';
import { QueueName } from '@forum/contracts';
import {
  announceMailReadiness,
  MAIL_ANNOUNCE_MS,
  bullPrefix,
  isClusterAddress,
  queuePrefix,
  closeEventBus,
  closeMail,
  configCache,
  configureMail,
  configureMessageMail,
  DEFAULT_MAIL_NOTICE_INTERVAL_SECONDS,
  connectDatabase,
  assertRedisVersion,
  createBullConnection,
  createLogger,
  createRedis,
  disconnectDatabase,
  configureSite,
  ensureReadModel,
  raiseIdSequences,
  getQueue,
  initEventBus,
  initKv,
  pingDatabase,
  pingRedis,
  setLivePublisher,
  setSearchEngine,
  createMeiliSearch,
  enableProcessMetrics,
  enableQueueMetrics,
  enableReadModelMetrics,
  jobFailures,
  readModelReadiness,
  watchReadModel,
  type JobDefinition,
  type Logger,
} from '@forum/core';
import { jobDefinitions } from './jobs';
import { createWorkerLive } from './live';
import type { WorkerConfig } from './config';
import { startHealthServer, type QueueDepth, type Readiness } from './health';
import { createProcessor, isFinalAttempt } from './processors';

export interface StartWorkerOptions {
  /** The jobs to run; production uses `jobDefinitions`, tests may add their own. */
  definitions?: JobDefinition[];
  logger?: Logger;
}

export interface RunningWorker {
  /** The port the health server listens on (useful when configured as 0). */
  healthPort: number;
  /** Stops taking jobs, waits for in-flight ones, then closes queues, Redis and Mongo. */
  close(): Promise<void>;
}

const checkTimeoutMs = 2000;
/** How often the worker checks that its job schedulers still exist in Redis. */
const schedulerCheckMs = 5000;

function within<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), checkTimeoutMs);
  });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

export async function startWorker(
  config: WorkerConfig,
  options: StartWorkerOptions = {},
): Promise<RunningWorker> {
  const log = options.logger ?? createLogger('worker', config.logLevel);
  const definitions = options.definitions ?? jobDefinitions;
  const prefix = bullPrefix(config.redisPrefix);

  // A test (or an embedding process) may already hold the mongoose connection; only close what we open.
  const ownsDatabase = !(await pingDatabase());
  if (ownsDatabase) await connectDatabase(config.mongoUrl, config.mongoDb);
  initEventBus({ redisUrl: config.redisUrl, prefix });
  configureMail(config.mail);
  configureMessageMail({
    intervalSeconds: config.mailNoticeIntervalSeconds ?? DEFAULT_MAIL_NOTICE_INTERVAL_SECONDS,
  });
  // Jobs read the site configuration too; saves anywhere invalidate this process's copy.
  // Auto-pipelined, as in the API: the commands a tick of concurrent jobs issues share one socket write.
  const kvClient = createRedis(config.redisUrl, { enableAutoPipelining: true });
  const configSubscriber = createRedis(config.redisUrl);
  await assertRedisVersion(kvClient);
  initKv(kvClient, config.redisPrefix);
  // Jobs push to open pages through the API processes' socket.io rooms (their Redis adapter's channels).
  const live = createWorkerLive(config.redisUrl, kvClient, config.redisPrefix);
  setLivePublisher(live.publisher);
  if (config.meili) setSearchEngine(createMeiliSearch({ ...config.meili, prefix: config.redisPrefix }));
  await configCache.connect(kvClient, configSubscriber, config.redisPrefix);
  // Jobs render Markdown (a topic's body when they project it, search texts) with the site's address.
  configureSite({ baseUrl: config.mail.baseUrl });
  // Projection jobs write into the read model: it must be whole before they run.
  await ensureReadModel(log);
  // Jobs write rows too (messages, score logs): no id past another process's rows is handed out.
  await raiseIdSequences();
  const stopWatching = watchReadModel(log);

  const connection = createBullConnection(config.redisUrl);
  connection.on('error', (error) => log.warn({ err: error }, 'redis connection error'));

  const workers = config.queues.map((queue) => {
    const worker = new Worker(queue, createProcessor(queue, definitions, log), {
      connection,
      prefix: queuePrefix(prefix, queue, isClusterAddress(config.redisUrl)),
      concurrency: config.concurrency[queue],
      // BullMQ's default (30 s) unless configured.
      ...(config.stalledSeconds
        ? { lockDuration: config.stalledSeconds * 1000, stalledInterval: config.stalledSeconds * 1000 }
        : {}),
      name: config.name ?? `${hostname()}-${process.pid}`,
    });
    const known = new Set(definitions.filter((d) => d.queue === queue).map((d) => d.name));
    worker.on('failed', (job, error) => {
      const final = job ? isFinalAttempt(job, error) : true;
      // Names no definition has stay out of the labels: one series per stray name would pile up.
      const name = job && known.has(job.name) ? job.name : '(unknown)';
      jobFailures.inc({ queue, job: name, final: String(final) });
      if (job && final) {
        log.error(
          { queue, job: job.name, jobId: job.id, attempts: job.attemptsMade, err: error },
          'job failed',
        );
      }
    });
    worker.on('error', (error) => log.error({ queue, err: error }, 'worker error'));
    return worker;
  });
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));

  const scheduled = definitions.filter((d) => d.schedule && config.queues.includes(d.queue));
  for (const definition of scheduled) await upsertScheduler(definition);
  // Put back a scheduler whose chain of runs broke: Redis restarted empty and lost it (the outbox
  // sweeper among them), or a worker died after taking a run and before adding the next one.
  const schedulerCheck = setInterval(() => {
    void (async () => {
      for (const definition of scheduled) {
        const problem = await schedulerProblem(definition);
        if (problem) {
          log.warn({ queue: definition.queue, job: definition.name, problem }, 'job scheduler restored');
          await upsertScheduler(definition);
        }
      }
    })().catch(() => undefined);
  }, schedulerCheckMs);
  schedulerCheck.unref();

  // A mail worker says whether it can send, so request paths tell the truth (core mail/availability).
  let mailAnnounce: NodeJS.Timeout | undefined;
  if (config.queues.includes(QueueName.Mail)) {
    const announce = () => announceMailReadiness(config.mail.smtp);
    if (!(await announce().catch(() => true))) {
      log.warn(
        'SMTP is not configured: mail cannot be sent until SMTP_HOST is set or saved in 系统设置 → 邮件',
      );
    }
    mailAnnounce = setInterval(() => void announce().catch(() => undefined), MAIL_ANNOUNCE_MS);
    mailAnnounce.unref();
  }

  let closing = false;
  const readiness = async (): Promise<{ ready: boolean; report: Readiness }> => {
    const [mongo, redis] = await Promise.all([
      within(pingDatabase(), false),
      within(pingRedis(connection), false),
    ]);
    const queues: Record<string, QueueDepth> = {};
    if (redis) {
      for (const queue of config.queues) {
        const counts = await within(
          getQueue(queue).getJobCounts('waiting', 'active', 'delayed', 'failed'),
          null,
        );
        if (counts) queues[queue] = depth(counts);
      }
    }
    const readModel = redis ? await within(readModelReadiness(), 'missing' as const) : 'missing';
    const ready =
      !closing &&
      mongo &&
      redis &&
      readModel === 'ready' &&
      Object.keys(queues).length === config.queues.length;
    return { ready, report: { mongo, redis, readModel, consumes: config.queues, queues, closing } };
  };
  enableProcessMetrics('worker');
  enableReadModelMetrics();
  enableQueueMetrics();
  const health = await startHealthServer(config.healthPort, readiness, config.metricsToken);
  log.info({ queues: config.queues, prefix, healthPort: health.port }, 'worker started');

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      closing = true;
      clearInterval(schedulerCheck);
      clearInterval(mailAnnounce);
      stopWatching();
      setLivePublisher(null);
      await live.close();
      await Promise.all(workers.map((worker) => worker.close()));
      await health.close();
      await closeEventBus();
      closeMail();
      await configCache.disconnect();
      await Promise.all([kvClient, configSubscriber].map((client) => client.quit().catch(() => undefined)));
      await connection.quit().catch(() => undefined);
      if (ownsDatabase) await disconnectDatabase();
    })();
    return closed;
  };
  return { healthPort: health.port, close };
}

/**
 * Why a scheduler will not run again, or null when its next run is queued. BullMQ adds a
 * scheduler's next run when a worker takes the current one, in a separate step: a worker killed in
 * between leaves the scheduler with no run to come.
 */
async function schedulerProblem(definition: JobDefinition): Promise<'missing' | 'no next run' | null> {
  const queue = getQueue(definition.queue);
  const scheduler = await queue.getJobScheduler(definition.name);
  if (!scheduler) return 'missing';
  if (!scheduler.next) return 'no next run';
  const state = await queue.getJobState(`repeat:${definition.name}:${scheduler.next}`);
  return state === 'unknown' || state === 'completed' || state === 'failed' ? 'no next run' : null;
}

async function upsertScheduler(definition: JobDefinition): Promise<void> {
  await getQueue(definition.queue).upsertJobScheduler(definition.name, definition.schedule!, {
    name: definition.name,
    data: {},
    opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 1000 } },
  });
}

function depth(counts: Record<string, number>): QueueDepth {
  return {
    waiting: counts.waiting ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
  };
}
