import { z } from 'zod';
import { redisAddressOf, type OAuthSettings } from '@forum/core';

/** The API's settings, read once from the environment. A bad value stops start-up with one line. */
const ApiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('127.0.0.1'),
  BASE_URL: z.url().default('http://localhost:3000'),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  MONGO_DB: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^(rediss?|redis-cluster):\/\//, 'must be a redis:// URL')
    .optional(),
  /** `host:port,host:port,…`: a Redis Cluster instead of REDIS_URL (docs/configuration.md). */
  REDIS_CLUSTER_NODES: z.string().optional(),
  /** Key prefix for Redis keys and BullMQ queues; lets several sites (or tests) share one Redis. */
  REDIS_PREFIX: z.string().default(''),
  MEILI_URL: z.url().optional(),
  MEILI_MASTER_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),
  /** Bearer token `/metrics` requires; unset, it answers only direct requests from internal addresses. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Load shedding (http/load-shedding.ts): requests worked on at once, and the queue behind them. */
  MAX_ACTIVE_REQUESTS: z.coerce.number().int().min(1).default(64),
  /** Of those, how many may be writes (they wait on the database; reads mostly on Redis). */
  MAX_ACTIVE_WRITES: z.coerce.number().int().min(1).default(16),
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).default(256),
  QUEUE_WAIT_MS: z.coerce.number().int().min(0).default(3000),
  /** A request still unanswered after this long gets a 503 (its work is abandoned). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  OWNER_USERNAME: z.string().min(2).max(32).default('admin'),
  OWNER_PASSWORD: z.string().min(6).max(128).optional(),
  /** Uploaded images on local disk (default `<repo>/.data/uploads`), served at BASE_URL/uploads. */
  UPLOAD_DIR: z.string().min(1).optional(),
  /** S3-compatible storage for uploads, used instead of UPLOAD_DIR when S3_BUCKET is set. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Where browsers read the bucket (a CDN or public bucket URL); default S3_ENDPOINT/S3_BUCKET. */
  S3_PUBLIC_URL: z.url().optional(),
  /** Third-party sign-in: each provider is optional; endpoints are overridable (tests use local servers). */
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_AUTHORIZE_URL: z.url().default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  OSC_CLIENT_ID: z.string().min(1).optional(),
  OSC_CLIENT_SECRET: z.string().min(1).optional(),
  OSC_BASE_URL: z.url().default('https://www.oschina.net'),
  QQ_APP_ID: z.string().min(1).optional(),
  QQ_APP_KEY: z.string().min(1).optional(),
  QQ_BASE_URL: z.url().default('https://graph.qq.com'),
  /** A generic OpenID Connect provider (discovery from the issuer); OIDC_NAME is shown to users. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(32).default('OpenID'),
  /** Lets the link form's "detect" fetch private and loopback addresses (intranet sites; tests). */
  LINK_DETECT_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
/** `REDIS_URL` is the Redis address: `redis-cluster://…` when REDIS_CLUSTER_NODES is set. */
export type ApiConfig = Omit<z.infer<typeof ApiConfigSchema>, 'REDIS_URL'> & { REDIS_URL: string };
/** Every variable the API reads (the deployment files are checked against it). */
export const apiEnvNames = Object.keys(ApiConfigSchema.shape);

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = ApiConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`invalid configuration: ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  }
  return { ...parsed.data, REDIS_URL: redisAddressOf(parsed.data) };
}

/**
 * Which third-party sign-ins this process has credentials for, as `oauthSettings` decides, read
 * from the environment alone (the public configuration asks on every page load).
 */
export function configuredProviders(
  env: NodeJS.ProcessEnv = process.env,
): Record<'github' | 'osc' | 'qq', boolean> {
  return {
    github: !!(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET),
    osc: !!(env.OSC_CLIENT_ID && env.OSC_CLIENT_SECRET),
    qq: !!(env.QQ_APP_ID && env.QQ_APP_KEY),
  };
}

/**
 * The providers this process may use, from its environment. Read per sign-in (they are rare), so
 * the routes need nothing passed in at start-up; start-up has already validated the same values.
 */
export function oauthSettings(config: ApiConfig = loadApiConfig()): OAuthSettings {
  const settings: OAuthSettings = { baseUrl: config.BASE_URL };
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    settings.github = {
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      authorizeUrl: config.GITHUB_AUTHORIZE_URL,
      tokenUrl: config.GITHUB_TOKEN_URL,
      apiUrl: config.GITHUB_API_URL,
    };
  }
  if (config.OSC_CLIENT_ID && config.OSC_CLIENT_SECRET) {
    settings.osc = {
      clientId: config.OSC_CLIENT_ID,
      clientSecret: config.OSC_CLIENT_SECRET,
      baseUrl: config.OSC_BASE_URL,
    };
  }
  if (config.QQ_APP_ID && config.QQ_APP_KEY) {
    settings.qq = { appId: config.QQ_APP_ID, appKey: config.QQ_APP_KEY, baseUrl: config.QQ_BASE_URL };
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    settings.oidc = {
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      name: config.OIDC_NAME,
    };
  }
  return settings;
}
