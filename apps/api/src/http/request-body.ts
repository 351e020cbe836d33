/**
 * What a request body may be, for every transport (/api forms and multipart, /trpc JSON): at most
 * MAX_REQUEST_BODY_BYTES (files aside), never compressed, and well-formed. A body that breaks one
 * of these is the client's fault and is answered as such (4xx with a Chinese message), never as an
 * unhandled server error.
 */
import type { NextFunction, Request, Response } from 'express';
import { MAX_REQUEST_BODY_BYTES, RequestBodyMessages } from '@forum/contracts';
import { fail } from '../legacy/envelope';

export interface BodyRefusal {
  status: number;
  message: string;
}

/**
 * A compressed body could inflate to many times its size (a 20 KB gzip bomb is 20 MB), and no
 * client of ours compresses what it sends, so a `Content-Encoding` other than identity is refused
 * before anything is read.
 */
export function refuseEncodedBodies(req: Request, res: Response, next: NextFunction): void {
  const encoding = req.get('content-encoding')?.trim().toLowerCase();
  if (!encoding || encoding === 'identity') return next();
  sendRefusal(res, { status: 415, message: RequestBodyMessages.encoding });
}

/**
 * A body declared larger than the limit is refused before it is read (a parser would read up to
 * the limit first). Multipart bodies are left to the route's form parser (`form-body.ts`): the
 * upload route takes more, and on a path no route takes the body is never read at all.
 */
export function refuseLargeBodies(req: Request, res: Response, next: NextFunction): void {
  const length = Number(req.get('content-length') ?? 0);
  if (length > MAX_REQUEST_BODY_BYTES && !req.is('multipart/form-data')) {
    sendRefusal(res, { status: 413, message: RequestBodyMessages.tooLarge });
    return;
  }
  next();
}

/**
 * Errors the request's parsers raise carry an HTTP status below 500 (`http-errors`): body-parser's
 * (too large, unreadable), the router's (a path segment that is not valid percent-encoding). They
 * are the client's, and are answered as a refusal of the request.
 */
export function requestRefusalOf(error: unknown): BodyRefusal | null {
  if (!error || typeof error !== 'object') return null;
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (status === 413 || type === 'parameters.too.many')
    return { status: 413, message: RequestBodyMessages.tooLarge };
  if (status === 415) return { status: 415, message: RequestBodyMessages.encoding };
  return { status: 400, message: RequestBodyMessages.malformed };
}

/**
 * Set by the web server on a request it hands to this API in its own process
 * (apps/web/api-in-process.mjs): it reads and drops an unread body itself, with the limit of the
 * public port, so the client's connection stays usable as it does through the kept-alive hop.
 */
const DOOR_DRAINS_BODY = Symbol.for('forum.door-drains-body');

/** How much of a body left unread is still read (and dropped) after the answer, and for how long. */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 2000;

/**
 * Requests answered before their body was read to its end (a refusal, a path no route serves).
 * The rest of a body is read and dropped, up to DRAIN_BYTES, so that a client which sends its
 * whole body before it reads the answer still gets the answer, and the connection stays usable.
 * Past that, or after DRAIN_MS, the connection stops reading and closes: the server never reads
 * and drops a 2 GB body to reach the next request on the connection. (A client that reads the
 * answer while it sends, as browsers do, has it long before.)
 */
export function closeUnreadBodies(req: Request, res: Response, next: NextFunction): void {
  // The web server that handed the request over in its process drops the rest itself.
  if ((req as unknown as Record<symbol, unknown>)[DOOR_DRAINS_BODY]) return next();
  // Before 'finish', where Node would start dropping an unread body with no limit.
  res.once('prefinish', () => {
    if (!req.complete) drainThenClose(req);
  });
  next();
}

function drainThenClose(req: Request): void {
  const { socket } = req;
  let dropped = 0;
  const deadline = setTimeout(() => socket.destroy(), DRAIN_MS);
  // A kept-alive socket outlives its requests: the listener leaves with the body it waited for.
  const settle = () => {
    clearTimeout(deadline);
    socket.off('close', settle);
  };
  req.unpipe();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped <= DRAIN_BYTES) return;
    // Enough: read nothing more, and close at the deadline (the client may still read the answer).
    req.pause();
    socket.pause();
  });
  req.once('end', settle);
  socket.once('close', settle);
  req.resume();
}

/** The legacy envelope shape, with the refusal's HTTP status (a transport error, not a business one). */
export function sendRefusal(res: Response, refusal: BodyRefusal): void {
  res.status(refusal.status).json(fail(0, refusal.message));
}
