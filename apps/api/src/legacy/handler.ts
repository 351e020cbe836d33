import type { Request, Response } from 'express';
import { ok, send } from './envelope';

export type LegacyHandler = (req: Request) => Promise<unknown>;

/** Wraps a handler: its result goes out as `ok(data)`; a thrown error reaches the envelope handler. */
export function handle(handler: LegacyHandler) {
  return async (req: Request, res: Response): Promise<void> => {
    const data = await handler(req);
    send(res, ok(data));
  };
}
