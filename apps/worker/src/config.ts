import { QueueNames, QueueNameSchema, type QueueName } from '@forum/contracts';
import { z } from 'zod';
import { redisAddressOf, type MailDefaults } from '@forum/core';

/** The worker's settings, read once from the environment. A bad value stops start-up with one line. */
export interface WorkerConfig {
  mongoUrl: string;
  mongoDb?: string;
  redisUrl: string;
  /** Site key prefix (`REDIS_PREFIX`); BullMQ keys use `bullPrefix(redisPrefix)`. */
  redisPrefix: string;
  /** Queues this process consumes, one BullMQ Worker each. */
  queues: QueueName[];
  concurrency: Record<QueueName, number>;
  /**
   * How long a job's lock lasts without renewal, and how often stalled jobs are looked for
   * (`WORKER_STALLED_SECONDS`): a job whose worker died runs again within about twice this.
   */
  stalledSeconds?: number;
  /** 0 picks a free port. */
  healthPort: number;
  /** Recorded on every job it runs (BullMQ's `processedBy`): `WORKER_NAME`, else host-pid. */
  name?: string;
  /** Bearer token `/metrics` requires (`METRICS_TOKEN`); unset, only internal addresses may read it. */
  metricsToken?: string;
  logLevel: LogLevel;
  /**
   * The site URL for links in mails and, with SMTP_HOST, the SMTP server mail jobs use unless the
   * owner saved one in 系统设置; with neither, mail jobs fail.
   */
  mail: MailDefaults;
  /** Seconds between two notice mails to one user (`MAIL_NOTICE_INTERVAL_SECONDS`, default 600). */
  mailNoticeIntervalSeconds?: number;
  /** Meilisearch (`MEILI_URL`, `MEILI_MASTER_KEY`); absent: the embedded search index. */
  meili?: { url: string; apiKey?: string };
}

const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
type LogLevel = z.infer<typeof LogLevelSchema>;

export function concurrencyVariable(queue: QueueName): string {
  return `WORKER_CONCURRENCY_${queue.toUpperCase()}`;
}

const QueueListSchema = z
  .string()
  .transform((list) => [
    ...new Set(
      list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(QueueNameSchema, { error: `lists queues from ${QueueNames.join(', ')}` }).min(1));

const ConcurrencySchema = z.coerce.number().int().min(1).max(1000).default(4);

const WorkerEnvSchema = z.object({
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  MONGO_DB: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^(rediss?|redis-cluster):\/\//, 'must be a redis:// URL')
    .optional(),
  /** `host:port,host:port,…`: a Redis Cluster instead of REDIS_URL (docs/configuration.md). */
  REDIS_CLUSTER_NODES: z.string().optional(),
  REDIS_PREFIX: z.string().default(''),
  WORKER_QUEUES: QueueListSchema.optional(),
  WORKER_STALLED_SECONDS: z.coerce.number().int().min(2).max(600).optional(),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  LOG_LEVEL: LogLevelSchema.default('info'),
  // BullMQ hangs at start with a ':' in a worker's name.
  WORKER_NAME: z
    .string()
    .trim()
    .regex(/^[^:]{1,100}$/, 'must be 1 to 100 characters without ":"')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Read only for links in mails, so checked only with SMTP_HOST (vitest sets BASE_URL to '/').
  BASE_URL: z.string().optional(),
  // SMTP is optional: without SMTP_HOST the worker runs and fails mail jobs visibly.
  SMTP_HOST: z.string().trim().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: z.stringbool().default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().trim().min(3).optional(),
  MAIL_NOTICE_INTERVAL_SECONDS: z.coerce.number().int().min(1).optional(),
  MEILI_URL: z.url().optional(),
  MEILI_MASTER_KEY: z.string().optional(),
  ...Object.fromEntries(QueueNames.map((queue) => [concurrencyVariable(queue), ConcurrencySchema])),
});

/** Every variable the worker reads (the deployment files are checked against it). */
export const workerEnvNames = Object.keys(WorkerEnvSchema.shape);

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = WorkerEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid configuration: ${String(issue.path[0] ?? '(env)')}: ${issue.message}`);
  }
  const values = parsed.data as z.infer<typeof WorkerEnvSchema> & Record<string, number>;
  const mailFrom = values.MAIL_FROM ?? values.SMTP_USER;
  const baseUrl = values.BASE_URL ?? 'http://localhost:3000';
  if (values.SMTP_HOST && !mailFrom) {
    throw new Error('invalid configuration: MAIL_FROM: required when SMTP_HOST is set and SMTP_USER is not');
  }
  if (values.SMTP_HOST && !z.url().safeParse(baseUrl).success) {
    throw new Error('invalid configuration: BASE_URL: must be the site URL, e.g. https://bbs.example.com');
  }
  return {
    mongoUrl: values.MONGO_URL,
    ...(values.MONGO_DB ? { mongoDb: values.MONGO_DB } : {}),
    redisUrl: redisAddressOf(values),
    redisPrefix: values.REDIS_PREFIX,
    queues: values.WORKER_QUEUES ?? [...QueueNames],
    concurrency: Object.fromEntries(
      QueueNames.map((queue) => [queue, values[concurrencyVariable(queue)]!]),
    ) as Record<QueueName, number>,
    healthPort: values.WORKER_HEALTH_PORT,
    ...(values.WORKER_STALLED_SECONDS ? { stalledSeconds: values.WORKER_STALLED_SECONDS } : {}),
    ...(values.WORKER_NAME ? { name: values.WORKER_NAME } : {}),
    ...(values.METRICS_TOKEN ? { metricsToken: values.METRICS_TOKEN } : {}),
    logLevel: values.LOG_LEVEL,
    ...(values.MAIL_NOTICE_INTERVAL_SECONDS
      ? { mailNoticeIntervalSeconds: values.MAIL_NOTICE_INTERVAL_SECONDS }
      : {}),
    ...(values.MEILI_URL ? { meili: { url: values.MEILI_URL, apiKey: values.MEILI_MASTER_KEY } } : {}),
    mail: {
      baseUrl,
      ...(values.SMTP_HOST && mailFrom
        ? {
            smtp: {
              host: values.SMTP_HOST,
              // The usual ports: 465 for TLS from the start, 587 for submission with STARTTLS.
              port: values.SMTP_PORT ?? (values.SMTP_SECURE ? 465 : 587),
              secure: values.SMTP_SECURE,
              ...(values.SMTP_USER ? { user: values.SMTP_USER, password: values.SMTP_PASSWORD ?? '' } : {}),
              from: mailFrom,
            },
          }
        : {}),
    },
  };
}
