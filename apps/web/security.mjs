/**
 * The web server's half of the site's security: which request targets it serves at all, who the
 * visitor is (their address, decided here and nowhere else) and the headers every page carries.
 */
import { randomBytes } from 'node:crypto';
import proxyaddr from 'proxy-addr';

/** Percent-decoding rounds a path gets before it is judged (`%252F` is `%2F` is `/`). */
const DECODING_ROUNDS = 4;

/** Decodes every `%XX` of `text` as one byte, leaving malformed escapes as they are. */
function percentDecodeBytes(text) {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_match, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Why a request target is not one this server serves, or null when it is: an origin-form path
 * (`/topic/1?x=y`) whose path, however often it is percent-decoded, starts with a single slash,
 * holds no backslash, control character or `.`/`..` segment. Everything else (`//host/x`,
 * `/\host/x`, `http://host/x`, `*`, `/%2F%2Fhost`, `/%5Chost`, `/a/%2E%2E/b`) is refused: a
 * URL parser reads a host into such paths, and this server builds every URL it fetches from its
 * own address plus the path.
 */
export function requestTargetProblem(target) {
  if (typeof target !== 'string' || !target.startsWith('/')) return 'not an origin-form path';
  const end = target.indexOf('?');
  let path = end === -1 ? target : target.slice(0, end);
  for (let round = 0; round <= DECODING_ROUNDS; round++) {
    if (path.startsWith('//')) return 'a path that starts with two slashes';
    if (path.includes('\\')) return 'a backslash in the path';
    // eslint-disable-next-line no-control-regex
    if (/[\x00-\x1f\x7f]/.test(path)) return 'a control character in the path';
    if (/(^|\/)\.{1,2}(\/|$)/.test(path)) return 'a dot segment in the path';
    const decoded = percentDecodeBytes(path);
    if (decoded === path) return null;
    path = decoded;
  }
  return 'a path encoded too many times';
}

/**
 * Answers 400 to a request whose target `requestTargetProblem` refuses, before any handler sees
 * it; true when the request may go on. For websocket upgrades `res` is the socket.
 */
export function acceptRequestTarget(req, res) {
  if (requestTargetProblem(req.url) === null) return true;
  const body = 'bad request';
  if ('writeHead' in res) {
    res.writeHead(400, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(body);
  } else if (res.writable) {
    res.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  } else {
    res.destroy();
  }
  return false;
}

function compileTrust(trustedProxies) {
  const list = trustedProxies
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return proxyaddr.compile(list);
}

/**
 * The client's address from the socket, or, when the socket is a proxy the operator listed in
 * `TRUSTED_PROXIES` (proxy-addr names such as `loopback`, `uniquelocal` or CIDRs, comma-separated),
 * the address that proxy reports. A header a visitor wrote is never passed on: the API trusts
 * this server's `X-Forwarded-For` (rate limits per address), so it must hold exactly one address.
 */
export function createClientAddress(trustedProxies = process.env.TRUSTED_PROXIES ?? '') {
  const trust = compileTrust(trustedProxies);
  return (req) => {
    const address = proxyaddr(req, trust);
    const viaTrustedProxy = trust(req.socket.remoteAddress ?? '', 0);
    for (const name of ['x-forwarded-for', 'x-real-ip', 'forwarded']) delete req.headers[name];
    req.headers['x-forwarded-for'] = address;
    // The scheme decides the cookie's Secure flag: only a trusted proxy may say it was https.
    if (!viaTrustedProxy) req.headers['x-forwarded-proto'] = req.socket.encrypted ? 'https' : 'http';
    return address;
  };
}

const isLoopback = proxyaddr.compile('loopback');

/**
 * Whether a request came straight from this machine (an operator's `curl`, a container's own
 * health check): a loopback socket that is not a trusted proxy, with no header saying the request
 * was forwarded. Asked before `createClientAddress` rewrites those headers.
 */
export function createDirectLocal(trustedProxies = process.env.TRUSTED_PROXIES ?? '') {
  const trust = compileTrust(trustedProxies);
  return (req) => {
    const address = req.socket.remoteAddress ?? '';
    if (!isLoopback(address, 0) || trust(address, 0)) return false;
    return !['x-forwarded-for', 'x-real-ip', 'forwarded', 'via'].some((name) => name in req.headers);
  };
}

/** A CSP nonce: 128 random bits. */
export function createNonce() {
  return randomBytes(16).toString('base64');
}

/**
 * Content-Security-Policy of a page: our own scripts, and inline ones only with this response's
 * nonce (the hydration data, the theme switch); nothing a user wrote can run. Styles may be inline
 * (React's style attributes); images come from anywhere, as posts embed them by address.
 */
export function contentSecurityPolicy(nonce) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Express middleware for everything this server answers itself (pages and static files; the API
 * sets its own): a fresh nonce in `res.locals.cspNonce` for the renderer, and the headers. HSTS
 * only when the site's public address is https, so a local http run is not pinned to https.
 */
export function securityHeaders(baseUrl = process.env.BASE_URL ?? '') {
  const https = baseUrl.startsWith('https://');
  return (_req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce));
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
