/**
 * The API's metrics: request latency by route pattern (never the raw URL, whose ids and query strings
 * would make a series per page), sockets and rooms, and `/metrics` itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IRouter, Request } from 'express';
import { defineLiveGauge, httpRequestDuration, metricsAnswer } from '@forum/core';
import type { ForumIo } from '../realtime/io';

/** Paths Express does not route itself, each a label of its own. */
const mountedPrefixes = ['/trpc', '/socket.io', '/uploads'];

/** The route pattern that answered, e.g. `/api/topic/:id`; cache hits get their path with ids as `:id`. */
export function routeLabel(req: IncomingMessage, res: ServerResponse): string {
  const route = (req as Partial<Request>).route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string')
    return `${(req as Partial<Request>).baseUrl ?? ''}${route.path}`;
  const pathname = (req.url ?? '/').split('?')[0]!;
  // The answer cache holds only answers the routes made, so its paths are a bounded set.
  if (res.getHeader('x-answer-cache') === 'hit') return pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
  return (
    mountedPrefixes.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)) ?? 'unmatched'
  );
}

/** Times the request until its answer is sent, whoever answers it (the cache or Express). */
export function observeHttp(req: IncomingMessage, res: ServerResponse): void {
  const end = httpRequestDuration.startTimer();
  res.once('finish', () =>
    end({ method: req.method ?? 'GET', route: routeLabel(req, res), status: String(res.statusCode) }),
  );
}

export function metricsRoutes(router: IRouter, token: string | undefined): void {
  router.get('/metrics', async (req, res) => {
    const answer = await metricsAnswer(req, token);
    res.status(answer.status).type(answer.contentType).set('cache-control', 'no-store').send(answer.body);
  });
}

/** Connected sockets of this process, and its rooms by kind (`user`, `topic`, …; not the sockets' own). */
export function observeSockets(io: ForumIo): void {
  defineLiveGauge('forum_sockets_connected', 'Sockets connected to this API process', [], () => [
    { value: io.of('/').sockets.size },
  ]);
  defineLiveGauge('forum_socket_rooms', 'Rooms with a socket of this API process, by kind', ['kind'], () => {
    const { rooms, sids } = io.of('/').adapter;
    const byKind = new Map<string, number>();
    for (const room of rooms.keys()) {
      if (sids.has(room)) continue;
      const kind = room.split(':')[0]!;
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    }
    return [...byKind].map(([kind, value]) => ({ labels: { kind }, value }));
  });
}
