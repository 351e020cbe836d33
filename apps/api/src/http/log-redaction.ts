/**
 * Access logs must not hold anything that signs a request in: the `X-User-Token` header, the
 * `userToken` cookie and a `userToken` in the URL (the legacy sign-out still takes one there) are
 * replaced before a request is logged.
 */
const REDACTED = '[redacted]';

const tokenInUrl = /([?&]userToken=)[^&#]*/gi;
const tokenInCookie = /((?:^|;\s*)userToken=)[^;]*/g;

export function redactUrl(url: string): string {
  return url.replace(tokenInUrl, `$1${REDACTED}`);
}

interface SerializedRequest {
  url?: string;
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  [key: string]: unknown;
}

/** pino-http's request serializer, applied after its standard one. */
export function redactRequest(req: SerializedRequest): SerializedRequest {
  const headers = { ...req.headers };
  if (headers['x-user-token'] !== undefined) headers['x-user-token'] = REDACTED;
  if (typeof headers.cookie === 'string')
    headers.cookie = headers.cookie.replace(tokenInCookie, `$1${REDACTED}`);
  const query = req.query && 'userToken' in req.query ? { ...req.query, userToken: REDACTED } : req.query;
  return { ...req, ...(req.url ? { url: redactUrl(req.url) } : {}), ...(query ? { query } : {}), headers };
}
