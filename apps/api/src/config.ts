import { z } from 'zod';

/** The API's settings, read once from the environment. A bad value stops start-up with one line. */
const ApiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('127.0.0.1'),
  BASE_URL: z.url().default('http://localhost:3000'),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  MONGO_DB: z.string().optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  /** Key prefix for Redis keys and BullMQ queues; lets several sites (or tests) share one Redis. */
  REDIS_PREFIX: z.string().default(''),
  MEILI_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  OWNER_USERNAME: z.string().min(2).max(32).default('admin'),
  OWNER_PASSWORD: z.string().min(6).max(128).optional(),
});
export type ApiConfig = z.infer<typeof ApiConfigSchema>;

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = ApiConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid configuration: ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  }
  return parsed.data;
}
