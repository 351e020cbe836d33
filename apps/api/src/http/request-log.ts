/**
 * The request id and the access-log line of answers sent before Express (the answer cache's hits,
 * public reads): Express's own answers get both from the request logger in app.ts.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '@forum/core';

/** The request's id: the caller's `X-Request-Id` when it is a sane one, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && incoming.length <= 64 ? incoming : randomUUID();
}

/** Logs `request completed` at info, as pino-http does for Express's answers. */
export function logAnswered(
  log: Logger,
  answered: { id: string; url: string; status: number; started: number; cached?: boolean },
): void {
  if (!log.isLevelEnabled('info')) return;
  const { id, url, status, started, cached } = answered;
  log.info(
    {
      req: { id, method: 'GET', url },
      res: { statusCode: status },
      responseTime: Math.round(performance.now() - started),
      ...(cached && { cached }),
    },
    'request completed',
  );
}
