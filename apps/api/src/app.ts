import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { Logger, Redis } from '@forum/core';
import type { ApiConfig } from './config';
import { feedRoutes } from './http/feeds';
import { healthRoutes } from './http/health';
import { metricsRoutes } from './http/metrics';
import { legacyRouter } from './legacy/router';
import { adminGuard } from './legacy/admin/guard';
import { QUEUE_DASHBOARD_PATH, queueDashboard } from './http/queue-dashboard';
import { mountUploads } from './legacy/upload';
import { appRouter } from './trpc/root';
import { createContextFactory } from './trpc/init';

export interface AppDeps {
  config: ApiConfig;
  log: Logger;
  redis: Redis;
}

/** The HTTP application: health, tRPC at /trpc, the legacy REST layer at /api. */
export function createApp({ config, log, redis }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && incoming.length <= 64 ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => ['/healthz', '/readyz', '/metrics'].includes(req.url ?? '') },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' } }));
  app.use(healthRoutes(redis));
  app.use(metricsRoutes(config.METRICS_TOKEN));
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: createContextFactory(log),
      maxBatchSize: 20,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error, path }, 'trpc procedure failed');
      },
    }),
  );
  app.use('/uploads', mountUploads(config));
  app.use(feedRoutes());
  app.use(QUEUE_DASHBOARD_PATH, adminGuard, queueDashboard());
  app.use('/api', legacyRouter(log));
  return app;
}
