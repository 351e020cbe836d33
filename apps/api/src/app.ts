import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { HelmetOptions } from 'helmet';
import { pinoHttp } from 'pino-http';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { Logger, Redis } from '@forum/core';
import { MAX_REQUEST_BODY_BYTES } from '@forum/contracts';
import type { ApiConfig } from './config';
import { csrfGuard } from './http/csrf';
import { requestIdOf } from './http/request-log';
import { redactRequest, redactResponse } from './http/log-redaction';
import { closeUnreadBodies, refuseEncodedBodies, refuseLargeBodies } from './http/request-body';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './http/unavailable';
import { feedRoutes } from './http/feeds';
import { healthRoutes } from './http/health';
import { metricsRoutes } from './http/metrics';
import { preparedSecurityHeaders, securityHeaders } from './http/security-headers';
import { legacyRouter } from './legacy/router';
import { publicReads, type PublicReads } from './legacy/public-reads';
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

/** The API's security headers: helmet's defaults, without a CSP (answers are JSON) and same-site resources. */
export const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** The request's id: the caller's `X-Request-Id` when it is a sane one, else a new one; echoed back. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const id = requestIdOf(req);
  res.setHeader('x-request-id', id);
  return id;
}

/**
 * The HTTP application: health, tRPC at /trpc, the legacy REST layer at /api; and the fast path
 * that answers visitors' public reads of that layer in front of it (legacy/public-reads.ts).
 */
export function createApp({ config, log, redis }: AppDeps): { app: Express; publicReads: PublicReads } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  // The access log, at `info`: below that level pino-http would log nothing and still serialise
  // every request for its child logger, so only the request id is kept, and the request's logger
  // (`requestLog`, for warnings and errors) is made when something is logged.
  app.use(
    log.isLevelEnabled('info')
      ? pinoHttp({
          logger: log,
          genReqId: (req, res) => requestId(req, res),
          autoLogging: { ignore: (req) => ['/healthz', '/readyz', '/metrics'].includes(req.url ?? '') },
          // Receives the standard serialization (pino-http wraps custom serializers).
          serializers: { req: redactRequest, res: redactResponse },
        })
      : (req: Request, res: Response, next: NextFunction) => {
          const id = requestId(req, res);
          let child: Logger | undefined;
          Object.defineProperty(req, 'log', { get: () => (child ??= log.child({ req: { id } })) });
          next();
        },
  );
  app.use(securityHeaders(SECURITY_HEADERS));
  // Routes at the root are the app's own: a router mounted at '/' would be entered by every request.
  healthRoutes(app, redis);
  metricsRoutes(app, config.METRICS_TOKEN);
  app.use(['/api', '/trpc'], closeUnreadBodies, refuseEncodedBodies, refuseLargeBodies, csrfGuard);
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: createContextFactory(log),
      maxBatchSize: 20,
      // The same cap as the legacy forms: a chunked body without a length stops here too.
      maxBodySize: MAX_REQUEST_BODY_BYTES,
      responseMeta: ({ errors }) =>
        errors.some((error) => error.code === 'SERVICE_UNAVAILABLE')
          ? { headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } }
          : {},
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error, path }, 'trpc procedure failed');
      },
    }),
  );
  app.use('/uploads', mountUploads(config));
  feedRoutes(app);
  app.use(QUEUE_DASHBOARD_PATH, adminGuard, queueDashboard());
  const legacy = legacyRouter(log);
  app.use('/api', legacy);
  app.use(lastErrorHandler(log));
  return {
    app,
    publicReads: publicReads(legacy, '/api', preparedSecurityHeaders(SECURITY_HEADERS).headers, log),
  };
}

/**
 * Errors no route turned into an answer (static files, a malformed URL): a client error keeps its
 * status with the standard reason phrase, anything else is a bare 500. Never a stack trace or a
 * path on disk, whatever NODE_ENV says.
 */
function lastErrorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown } | null)?.status;
    const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
    if (code === 500) log.error({ err: error, path: req.path }, 'request failed');
    res
      .status(code)
      .type('text/plain')
      .send(STATUS_CODES[code] ?? 'Error');
  };
}
