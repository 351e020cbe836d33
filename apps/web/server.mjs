/**
 * The production web server, the site's one public door: static assets from the client build, the
 * API paths passed to the API (so the browser sees one origin and the token cookie is first-party),
 * and React Router's server render for every other path.
 *
 * The API is reached one of two ways. With `API_IN_PROCESS=true` (what `npm start` runs) this
 * process starts the API itself and hands it the API's paths with no network hop
 * (api-in-process.mjs), and the page renderer calls the API's queries in process too
 * (app/lib/trpc.server.ts); the API still listens on its own port, `API_PORT`. Otherwise the paths go
 * to a separate API process at `API_URL` over kept-alive connections (api-proxy.mjs).
 *
 * Every request target is checked before anything else (`acceptRequestTarget`): only an origin-form
 * path is served, so no request can make this server reach another host. The only addresses its
 * own code ever connects to are the API (`API_URL`) and Redis; an API in this process connects
 * where its own settings say, as in a process of its own.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { createRequestHandler as createFetchHandler } from 'react-router';
import { createInProcessApi } from './api-in-process.mjs';
import { createApiProxy } from './api-proxy.mjs';
import { apiPaths, apiUrl } from './api-paths.mjs';
import { answerClientErrors } from '@forum/core/client-errors';
import { redisAddressFromEnv } from '@forum/core/redis-client';
import { createPageCache } from './page-cache.mjs';
import {
  acceptRequestTarget,
  contentSecurityPolicy,
  createClientAddress,
  createDirectLocal,
  createNonce,
  securityHeaders,
} from './security.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const mode = process.env.NODE_ENV ?? 'production';
const loadBuild = () => import('./build/server/index.js');

/** The API of this process (`API_IN_PROCESS=true`), started before this server listens. */
async function startInProcessApi() {
  // The API is TypeScript, run without a build step as its own process runs it (tsx).
  const { register } = await import('tsx/esm/api');
  register();
  const { startApiInProcess } = await import('../api/src/in-process.ts');
  return startApiInProcess(process.env);
}

const inProcessApi = process.env.API_IN_PROCESS === 'true' ? await startInProcessApi() : null;
// The page renderer calls this API's queries in process (app/lib/trpc.server.ts reads it here).
if (inProcessApi) globalThis[Symbol.for('forum.local-trpc')] = inProcessApi.local;
const apiDoor = inProcessApi
  ? createInProcessApi({ server: inProcessApi.server })
  : createApiProxy({ target: apiUrl });
const isApiPath = (url) => {
  const end = url.indexOf('?');
  const pathname = end === -1 ? url : url.slice(0, end);
  return apiPaths.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
};

const setClientAddress = createClientAddress();
const isDirectLocal = createDirectLocal();

const renderFetch = createFetchHandler(loadBuild, mode);
const pageCache = createPageCache({
  redisUrl: redisAddressFromEnv({
    REDIS_URL: process.env.REDIS_URL,
    REDIS_CLUSTER_NODES: process.env.REDIS_CLUSTER_NODES,
  }),
  prefix: process.env.REDIS_PREFIX ?? '',
  // Only the URL the renderer is told it answers; nothing is fetched from it.
  selfUrl: `http://127.0.0.1:${port}`,
  // The page cache's own renders, in process: a fresh nonce, named in the CSP the entry replays.
  render: async (request, { sharedViewer }) => {
    const cspNonce = createNonce();
    const response = await renderFetch(request, { cspNonce, sharedViewer });
    response.headers.set('Content-Security-Policy', contentSecurityPolicy(cspNonce));
    return response;
  },
});

const app = express();
app.disable('x-powered-by');
// The scheme and host a trusted proxy reports (page URLs); addresses are set before Express.
app.set('trust proxy', process.env.TRUSTED_PROXIES?.trim() || false);

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

// The status for every probe; what is behind it (the API's report, addresses in its errors) only
// for a direct connection from this machine, never through the public door's proxies.
app.get('/readyz', async (req, res) => {
  const api = await apiReadiness();
  res.status(api.ready ? 200 : 503).set('cache-control', 'no-store');
  if (!req.directLocal) return void res.json({ ready: api.ready });
  res.json({ ready: api.ready, api: api.report, pageCache: pageCache.state() });
});

app.use(securityHeaders());
app.use(compression());

const clientDir = path.join(here, 'build/client');
// File names under /assets carry a content hash, so they never change.
app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
app.use(
  express.static(clientDir, {
    maxAge: '1h',
    index: false,
    redirect: false,
    // The browser asks for a new service worker only when its copy is not fresh; it must always ask.
    setHeaders: (res, file) => path.basename(file) === 'sw.js' && res.setHeader('Cache-Control', 'no-cache'),
  }),
);

app.get('/{*splat}', pageCache.middleware);

app.all(
  '/{*splat}',
  createRequestHandler({
    build: loadBuild,
    mode,
    // The page's scripts carry this response's CSP nonce (see entry.server.tsx). Only the page
    // cache renders for a signed-in reader not yet known (root.tsx), in process.
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce, sharedViewer: false }),
  }),
);

const server = http.createServer((req, res) => {
  if (!acceptRequestTarget(req, res)) return;
  req.directLocal = isDirectLocal(req);
  setClientAddress(req);
  // The API's paths skip Express: handing them over is the whole work of this server for them.
  if (isApiPath(req.url)) return apiDoor.web(req, res);
  app(req, res);
});
// A request it cannot parse (a URL or headers over 16 KB) is refused so that the client reads why.
answerClientErrors(server);
server.on('upgrade', (req, socket, head) => {
  if (!acceptRequestTarget(req, socket)) return;
  setClientAddress(req);
  if (isApiPath(req.url)) return apiDoor.upgrade(req, socket, head);
  socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
});
server.listen(port, host, () => {
  process.stdout.write(`web listening on http://localhost:${port}\n`);
});

let closing = false;
function shutdown(signal) {
  if (closing) return;
  closing = true;
  process.stdout.write(`web: ${signal}, closing\n`);
  void pageCache.close();
  server.close(async () => {
    apiDoor.close?.();
    await inProcessApi?.close();
    process.exit(0);
  });
  // Keep-alive and websocket connections would hold the close open; end them after a grace period.
  server.closeIdleConnections();
  setTimeout(async () => {
    server.closeAllConnections();
    await inProcessApi?.close();
    process.exit(0);
  }, 5_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
