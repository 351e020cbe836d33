/**
 * Cross-site request forgery. The browser sends the `userToken` cookie with requests that another
 * site starts (SameSite=Lax still sends it on a top-level navigation, and a sibling subdomain is
 * "same-site"), so a request authenticated by that cookie must show that it came from our own pages.
 * A token in `X-User-Token` needs no check: no other site can make a browser set that header.
 *
 * The evidence, in the order browsers provide it: `Sec-Fetch-Site` (every current browser), then
 * `Origin`, then `Referer`; a page of ours is on the request's own host or on BASE_URL's.
 */
import type { NextFunction, Request, Response } from 'express';
import { Texts } from '@forum/contracts';
import { siteBaseUrl } from '@forum/core';
import { resolveRequestUser } from '../context';
import { sendRefusal } from './request-body';

export const CROSS_SITE_MESSAGE = Texts.http.crossSite;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

type Origin = 'ours' | 'foreign' | 'unknown';

type Headers = Record<string, string | string[] | undefined>;

/**
 * Whether a request (an HTTP request or a socket.io handshake) demonstrably came from one of our
 * pages, from elsewhere, or cannot tell.
 */
export function originOfHeaders(headers: Headers): Origin {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const fetchSite = header('sec-fetch-site');
  if (fetchSite === 'same-origin' || fetchSite === 'none') return 'ours';
  if (fetchSite === 'cross-site') return 'foreign';
  const ours = new Set([hostOf(siteBaseUrl()), header('host')?.toLowerCase()].filter(Boolean));
  const origin = header('origin');
  // `Origin: null` comes from sandboxed frames and opaque redirects: never one of our pages.
  if (origin) return ours.has(hostOf(origin)) ? 'ours' : 'foreign';
  const referer = header('referer') ?? header('referrer');
  if (referer) return ours.has(hostOf(referer)) ? 'ours' : 'foreign';
  return 'unknown';
}

export function requestOrigin(req: Request): Origin {
  return originOfHeaders(req.headers);
}

/**
 * In front of /api and /trpc: a cookie-authenticated write that shows another origin is refused
 * with HTTP 403. A write without any evidence passes (non-browser clients with a cookie jar, old
 * browsers): a browser always sends `Origin` or `Sec-Fetch-Site` on a cross-site POST.
 */
export async function csrfGuard(req: Request, res: Response, next: NextFunction): Promise<void> {
  if (!UNSAFE_METHODS.has(req.method)) return next();
  const { tokenSource } = await resolveRequestUser(req);
  if (tokenSource !== 'cookie' || requestOrigin(req) !== 'foreign') return next();
  refuse(res);
}

/**
 * For the few legacy GET paths that change state (bbs-go clients follow them as links): with the
 * cookie, the request must positively come from our pages, since a cross-site link carries neither
 * `Origin` nor, under a strict referrer policy, `Referer`.
 */
export async function sameSiteGet(req: Request, res: Response, next: NextFunction): Promise<void> {
  // Writes were checked by csrfGuard already.
  if (UNSAFE_METHODS.has(req.method)) return next();
  const { tokenSource } = await resolveRequestUser(req);
  if (tokenSource !== 'cookie' || requestOrigin(req) === 'ours') return next();
  refuse(res);
}

function refuse(res: Response): void {
  sendRefusal(res, { status: 403, message: CROSS_SITE_MESSAGE });
}
