import type { Request, Response } from 'express';
import { siteBaseUrl } from '@forum/core';

/** The browser keeps the token in this HttpOnly cookie; API clients may ignore it and send the header. */
export const TOKEN_COOKIE = 'userToken';

/**
 * Cookies of the site are `Secure` when the site is served over https (BASE_URL), whether or not
 * the proxy in front says so, and when this request itself came over TLS.
 */
export const secureCookies = (req: Request): boolean =>
  req.secure || siteBaseUrl().toLowerCase().startsWith('https:');

export function setTokenCookie(req: Request, res: Response, token: string, maxAgeSeconds: number): void {
  res.cookie(TOKEN_COOKIE, token, {
    path: '/',
    maxAge: maxAgeSeconds * 1000,
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookies(req),
  });
}

export function clearTokenCookie(req: Request, res: Response): void {
  res.clearCookie(TOKEN_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, secure: secureCookies(req) });
}
