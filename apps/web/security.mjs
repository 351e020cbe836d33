/**
 * The web server's half of the site's security: who the visitor is (their address, decided here
 * and nowhere else) and the headers every page carries.
 */
import { randomBytes } from 'node:crypto';
import proxyaddr from 'proxy-addr';

/**
 * The client's address from the socket, or, when the socket is a proxy the operator listed in
 * `TRUSTED_PROXIES` (proxy-addr names such as `loopback`, `uniquelocal` or CIDRs, comma-separated),
 * the address that proxy reports. A header a visitor wrote is never passed on: the API trusts
 * this server's `X-Forwarded-For` (rate limits per address), so it must hold exactly one address.
 */
export function createClientAddress(trustedProxies = process.env.TRUSTED_PROXIES ?? '') {
  const list = trustedProxies
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const trust = proxyaddr.compile(list);
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
    const nonce = randomBytes(16).toString('base64');
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
