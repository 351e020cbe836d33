import { QueueNames, QueueNameSchema, type QueueName } from '@forum/contracts';
import { z } from 'zod';

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
  /** 0 picks a free port. */
  healthPort: number;
  logLevel: LogLevel;
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
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  REDIS_PREFIX: z.string().default(''),
  WORKER_QUEUES: QueueListSchema.optional(),
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  LOG_LEVEL: LogLevelSchema.default('info'),
  ...Object.fromEntries(QueueNames.map((queue) => [concurrencyVariable(queue), ConcurrencySchema])),
});

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = WorkerEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid configuration: ${String(issue.path[0] ?? '(env)')}: ${issue.message}`);
  }
  const values = parsed.data as z.infer<typeof WorkerEnvSchema> & Record<string, number>;
  return {
    mongoUrl: values.MONGO_URL,
    ...(values.MONGO_DB ? { mongoDb: values.MONGO_DB } : {}),
    redisUrl: values.REDIS_URL,
    redisPrefix: values.REDIS_PREFIX,
    queues: values.WORKER_QUEUES ?? [...QueueNames],
    concurrency: Object.fromEntries(
      QueueNames.map((queue) => [queue, values[concurrencyVariable(queue)]!]),
    ) as Record<QueueName, number>,
    healthPort: values.WORKER_HEALTH_PORT,
    logLevel: values.LOG_LEVEL,
  };
}
