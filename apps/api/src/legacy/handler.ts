import type { Request, Response } from 'express';
import { AnswerCache } from '../http/answer-cache';
import { resolveRequestUser } from '../context';
import { ok, send } from './envelope';

export type LegacyHandler = (req: Request) => Promise<unknown>;

/** Wraps a handler: its result goes out as `ok(data)`; a thrown error reaches the envelope handler. */
export function handle(handler: LegacyHandler) {
  return async (req: Request, res: Response): Promise<void> => {
    const data = await handler(req);
    send(res, ok(data));
  };
}

/** Anonymous answers of public reads, shared by every route of this process that opts in. */
export const publicAnswers = new AnswerCache();

const serialiseOk = (data: unknown) => JSON.stringify(ok(data));

/**
 * A public read whose answer depends only on its URL for visitors who are not signed in: those
 * answers come from `publicAnswers`. `fresh` adds what must be current on every request (a view
 * count) to the answer, cached or not, and is where such a request's side effect belongs.
 */
export function handlePublic(
  handler: LegacyHandler,
  fresh?: (req: Request, data: unknown) => Promise<unknown>,
) {
  return async (req: Request, res: Response): Promise<void> => {
    const { token } = await resolveRequestUser(req);
    if (token !== null || req.method !== 'GET') {
      const data = await handler(req);
      send(res, ok(fresh ? await fresh(req, data) : data));
      return;
    }
    const answer = await publicAnswers.get(req.originalUrl, () => handler(req), serialiseOk);
    if (fresh) send(res, ok(await fresh(req, answer.data)));
    else res.status(200).type('application/json').send(answer.body);
  };
}
