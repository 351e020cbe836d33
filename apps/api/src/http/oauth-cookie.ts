/**
 * The browser's secret for third-party sign-in (see `state.ts` in core): kept in an HttpOnly,
 * SameSite=Lax cookie set when a sign-in starts and read when the provider sends the browser back.
 * Lax, because that return is a top-level navigation from the provider's site; HttpOnly, so no page
 * script, ours or injected, can read it. Both transports use it.
 */
import type { Request, Response } from 'express';
import { isBrowserSecret, newBrowserSecret } from '@forum/core';
import { cookieValue } from '../context';
import { secureCookies } from './token-cookie';

export const OAUTH_BROWSER_COOKIE = 'oauthBrowser';

/** As long as a started sign-in is kept (its state's lifetime). */
const MAX_AGE_MS = 600_000;

/** The secret this browser's cookie holds, if it holds one. */
export const browserSecretOf = (req: Request): string | undefined => {
  const held = cookieValue(req.headers.cookie, OAUTH_BROWSER_COOKIE);
  return isBrowserSecret(held) ? held : undefined;
};

/**
 * The secret to start a sign-in with: the browser's own (so sign-ins started in two tabs both
 * complete), or a new one, set in the cookie for the next ten minutes either way.
 */
export function browserSecretFor(req: Request, res: Response): string {
  const secret = browserSecretOf(req) ?? newBrowserSecret();
  res.cookie(OAUTH_BROWSER_COOKIE, secret, {
    path: '/',
    maxAge: MAX_AGE_MS,
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookies(req),
  });
  return secret;
}
