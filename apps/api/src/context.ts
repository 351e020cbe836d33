import type { Request } from 'express';
import { userFromToken, type Logger, type UserDoc } from '@forum/core';

/**
 * The token of a request, in the legacy order: the `userToken` form or query field, then the
 * `X-User-Token` header, then the `userToken` cookie our web app sets.
 */
export function tokenOf(req: Request): string | null {
  const fromQuery = typeof req.query?.userToken === 'string' ? req.query.userToken : undefined;
  const body = req.body as Record<string, unknown> | undefined;
  const fromBody = body && typeof body.userToken === 'string' ? body.userToken : undefined;
  const fromHeader = req.get('x-user-token');
  return fromQuery || fromBody || fromHeader || cookieValue(req.headers.cookie, 'userToken') || null;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface RequestUser {
  user: UserDoc | null;
  token: string | null;
}

/** Resolves the signed-in user once per request. */
export async function resolveRequestUser(req: Request): Promise<RequestUser> {
  const cached = (req as Request & { forumUser?: RequestUser }).forumUser;
  if (cached) return cached;
  const token = tokenOf(req);
  const resolved = { token, user: await userFromToken(token) };
  (req as Request & { forumUser?: RequestUser }).forumUser = resolved;
  return resolved;
}

/** The request's child logger that pino-http attaches (typed here without its module augmentation). */
export function requestLog(req: Request): Logger {
  return (req as Request & { log: Logger }).log;
}
