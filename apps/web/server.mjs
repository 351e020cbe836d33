/**
 * The production web server: static assets from the client build, the API paths proxied to the API
 * process (so the browser sees one origin and the token cookie is first-party), and React Router's
 * server render for every other path.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { apiPaths, apiUrl } from './api-paths.mjs';
import { createPageCache } from './page-cache.mjs';
import { createClientAddress, securityHeaders } from './security.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

const apiProxy = createProxyMiddleware({
  target: apiUrl,
  // Matched with pathFilter at the root: mounting at a path would strip it.
  pathFilter: (pathname) =>
    apiPaths.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
  ws: true,
  // X-Forwarded-For is set by `setClientAddress` (one address, never the visitor's own header);
  // the API trusts it from this server to know the visitor's address (rate limits).
  xfwd: false,
  on: {
    error(error, _req, res) {
      console.error(`api proxy: ${error.message}`);
      // For websocket upgrades `res` is a socket; only an HTTP response can carry a 502.
      if ('writeHead' in res && !res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('bad gateway');
      } else if ('destroy' in res) {
        res.destroy();
      }
    },
  },
});

const setClientAddress = createClientAddress();

const app = express();
app.disable('x-powered-by');
// The scheme and host a trusted proxy reports (page URLs); addresses are set below.
app.set('trust proxy', process.env.TRUSTED_PROXIES?.trim() || false);
app.use((req, _res, next) => {
  setClientAddress(req);
  next();
});

const pageCache = createPageCache({
  redisUrl: process.env.REDIS_URL,
  prefix: process.env.REDIS_PREFIX ?? '',
  selfUrl: `http://127.0.0.1:${port}`,
});

app.get('/healthz', (_req, res) => {
  res.type('text/plain').send('ok');
});

/**
 * Ready when the API behind it is: its answer (MongoDB, Redis, read model) is included, with this
 * server's page cache state. A cache that lost Redis only stops caching, so it does not count.
 */
async function apiReadiness() {
  try {
    const response = await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(2000) });
    return { ready: response.ok, report: await response.json() };
  } catch (error) {
    return { ready: false, report: { error: error.message } };
  }
}

app.get('/readyz', async (_req, res) => {
  const api = await apiReadiness();
  res
    .status(api.ready ? 200 : 503)
    .set('cache-control', 'no-store')
    .json({ api: api.report, pageCache: pageCache.state() });
});

// Before compression: the API decides how to encode its own answers, and streams stay streams.
app.use(apiProxy);
app.use(securityHeaders());
app.use(compression());

const clientDir = path.join(here, 'build/client');
// File names under /assets carry a content hash, so they never change.
app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
app.use(
  express.static(clientDir, {
    maxAge: '1h',
    index: false,
    // The browser asks for a new service worker only when its copy is not fresh; it must always ask.
    setHeaders: (res, file) => path.basename(file) === 'sw.js' && res.setHeader('Cache-Control', 'no-cache'),
  }),
);

app.get('/{*splat}', pageCache.middleware);

app.all(
  '/{*splat}',
  createRequestHandler({
    build: () => import('./build/server/index.js'),
    mode: process.env.NODE_ENV ?? 'production',
    // The page's scripts carry this response's CSP nonce (see entry.server.tsx). The page cache's
    // own request for the signed-in variant is rendered for a reader not yet known (root.tsx).
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      sharedViewer: pageCache.isSharedViewerRender(req),
    }),
  }),
);

const server = app.listen(port, host, () => {
  process.stdout.write(`web listening on http://localhost:${port}\n`);
});
server.on('upgrade', (req, socket, head) => {
  setClientAddress(req);
  apiProxy.upgrade(req, socket, head);
});

let closing = false;
function shutdown(signal) {
  if (closing) return;
  closing = true;
  process.stdout.write(`web: ${signal}, closing\n`);
  void pageCache.close();
  server.close(() => process.exit(0));
  // Keep-alive and websocket connections would hold the close open; end them after a grace period.
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 5_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
