/**
 * Access logs must not hold anything that signs a request in: the `X-User-Token` header, the
 * `userToken` cookie and a `userToken` in the URL (the legacy sign-out still takes one there) are
 * replaced before a request is logged, and so is the token a sign-in answer sets in its
 * `Set-Cookie` header.
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

interface SerializedResponse {
  headers?: Record<string, unknown>;
  [key: string]: unknown;
}

const tokenInSetCookie = /^(\s*userToken=)[^;]*/i;

function redactSetCookie(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSetCookie);
  return typeof value === 'string' ? value.replace(tokenInSetCookie, `$1${REDACTED}`) : value;
}

/** pino-http's response serializer, applied after its standard one. */
export function redactResponse(res: SerializedResponse): SerializedResponse {
  if (!res.headers) return res;
  const headers = { ...res.headers };
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie') headers[name] = redactSetCookie(headers[name]);
    else if (lower === 'x-user-token') headers[name] = REDACTED;
  }
  return { ...res, headers };
}
