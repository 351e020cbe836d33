/**
 * A request that failed because the database cannot be reached now answers 503 with
 * `Retry-After` and says so, on both transports, instead of the "服务器异常" of an unexpected error:
 * clients (and the web server's pages) retry a 503 later.
 */
import type { Response } from 'express';
import { Texts } from '@forum/contracts';
import { fail } from '../legacy/envelope';

export const UNAVAILABLE_MESSAGE = Texts.http.unavailable;
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function sendUnavailable(res: Response): void {
  res
    .status(503)
    .set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
    .json(fail(0, UNAVAILABLE_MESSAGE));
}
