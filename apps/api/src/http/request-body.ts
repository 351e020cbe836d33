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
 * the limit first). Uploads have their own, larger cap, checked where they are parsed.
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

/** The legacy envelope shape, with the refusal's HTTP status (a transport error, not a business one). */
export function sendRefusal(res: Response, refusal: BodyRefusal): void {
  res.status(refusal.status).json(fail(0, refusal.message));
}
