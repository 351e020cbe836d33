/**
 * The hot path of anonymous public reads, in front of Express: a GET under /api that carries no
 * token and whose answer is cached and still good (see `AnswerCache`) is written straight from the
 * cache, with the headers the application set when it made the answer. Everything else, and every
 * miss, goes to Express, which makes and caches the answer. Middleware per request (routing, body
 * parsers, the request logger, security headers) would cost far more than the answer itself here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@forum/core';
import type { AnswerCache } from './answer-cache';
import { logAnswered, requestIdOf } from './request-log';

/** Whether the request may be answered from the cache at all (decided without waiting). */
export function mayAnswerFromCache(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  return (
    req.method === 'GET' &&
    url.startsWith('/api/') &&
    !url.includes('userToken') &&
    req.headers['x-user-token'] === undefined &&
    !(req.headers.cookie ?? '').includes('userToken=')
  );
}

/** Serves the request from the cache; false when it has to go to the application. */
export async function answerFromCache(
  cache: AnswerCache,
  log: Logger,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const started = performance.now();
  const url = req.url!;
  const answer = await cache.peek(url);
  if (!answer?.headers) return false;
  const body = answer.refresh ? await answer.refresh(answer.data) : answer.body;
  const id = requestIdOf(req);
  res.setHeaders(new Map(Object.entries(answer.headers)));
  res.setHeader('x-request-id', id);
  res.setHeader('x-answer-cache', 'hit');
  const etag = answer.headers.etag;
  if (etag && req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
    res.removeHeader('content-type');
    res.writeHead(304).end();
  } else {
    res.writeHead(200, { 'content-length': body.length }).end(body);
  }
  logAnswered(log, { id, url, status: res.statusCode, started, cached: true });
  return true;
}
