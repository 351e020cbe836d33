import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';
import { userFromToken, type Logger, type RequestContext, type UserDoc } from '@forum/core';

/** What reading the reader needs of a request: its headers (an Express request, or a public read's). */
export interface HeaderSource {
  headers: IncomingHttpHeaders;
  get(name: string): string | undefined;
}

/** Where a request's token came from: a header a page on another site cannot set, or the cookie it can make the browser send. */
export type TokenSource = 'header' | 'cookie';

/**
 * The token of a request: the `X-User-Token` header, else the `userToken` cookie our web app sets.
 * Never the query string or a form field (bbs-go read those first): a token there ends up in
 * access logs, proxies' logs and referrers. The legacy sign-out alone still reads its query
 * parameter (`signOutToken`).
 */
export function tokenOf(req: HeaderSource): { token: string; source: TokenSource } | null {
  const fromHeader = req.get('x-user-token');
  if (fromHeader) return { token: fromHeader, source: 'header' };
  const fromCookie = cookieValue(req.headers.cookie, 'userToken');
  return fromCookie ? { token: fromCookie, source: 'cookie' } : null;
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
  /** How the token came; null without one. Cookie-authenticated writes get the CSRF checks. */
  tokenSource: TokenSource | null;
}

/**
 * Resolves the signed-in user once per request: callers that ask at the same time share one
 * lookup (the promise is kept, not its result).
 */
export function resolveRequestUser(req: HeaderSource): Promise<RequestUser> {
  const held = req as typeof req & { forumUser?: Promise<RequestUser> };
  return (held.forumUser ??= (async () => {
    const found = tokenOf(req);
    const token = found?.token ?? null;
    return { token, tokenSource: found?.source ?? null, user: await userFromToken(token) };
  })());
}

/**
 * The request context of a call, the one builder both transports use: `actor` is the user the
 * request resolved to (or the one a guard admitted), and where the request came from as express
 * reads it behind the trusted proxy ('' when a header is absent).
 */
export function requestContextOf(req: Request, actor: UserDoc | null): RequestContext {
  return {
    actor,
    ip: req.ip ?? '',
    userAgent: req.get('user-agent') ?? '',
    referer: req.get('referer') ?? '',
  };
}

/** The request's child logger that pino-http attaches (typed here without its module augmentation). */
export function requestLog(req: Request): Logger {
  return (req as Request & { log: Logger }).log;
}
