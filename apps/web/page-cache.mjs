/**
 * The cache of rendered pages, in two variants:
 *
 * - `anonymous`: any page, for visitors without a `userToken` cookie;
 * - `signed-in`: `/topic/{id}` for readers with the `userToken` cookie, rendered once for "a
 *   signed-in reader not yet known" (the root loader's `viewerPending`): it names no reader, so every
 *   reader gets the same bytes, and the browser fills the reader in after hydration (ViewerProvider).
 *   Requests carrying the `X-User-Token` header are never cached.
 *
 * The root loader tells phones from other devices by the User-Agent, so every entry is kept per
 * (variant, device class, url) and rendered with the asking client's User-Agent.
 *
 * A page is rendered once and then served from memory until any write changes what pages show: the
 * API publishes on a Redis channel after every projection and each web server drops its whole cache
 * at once. Pages also expire after a minute (relative times such as "3 分钟前" age), and while the
 * Redis subscription is down nothing is cached, so a reader never sees a page older than the last
 * write.
 *
 * A miss renders the page in this process: `render` is handed a request built from this server's
 * own address (`selfUrl`, never the asking request's host) and the asking request's path, with no
 * cookies, and for the signed-in variant a load context that says so. Nothing goes over the
 * network and no header can ask for the shared render, so the cached body is exactly what the
 * renderer produced for nobody; concurrent misses of one entry share one render.
 */
import { createRedisClient } from '@forum/core/redis-client';
import { isMobileUserAgent } from './app/lib/mobile-agent.mjs';

const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;

/** The pages whose signed-in readers share one render. */
const SHARED_SIGNED_IN_PATH = /^\/topic\/\d+$/;

/** Headers of the rendered response that are not replayed: hop-by-hop, or recomputed when sent. */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'date',
  'x-page-cache',
]);

/**
 * The URL a page is rendered at: this server's own origin and the request's path and query, set
 * as parts so that no path can name another host (the server refuses such paths anyway).
 */
export function renderUrl(selfUrl, requestUrl) {
  const url = new URL(selfUrl);
  const query = requestUrl.indexOf('?');
  url.pathname = query === -1 ? requestUrl : requestUrl.slice(0, query);
  url.search = query === -1 ? '' : requestUrl.slice(query);
  return url;
}

/**
 * `render(request, { sharedViewer })` answers a fetch Request with the page's Response (the
 * server's React Router handler, with the response's CSP header set).
 */
export function createPageCache({ redisUrl, prefix = '', selfUrl, render: renderPage, log = console }) {
  const entries = new Map();
  const inFlight = new Map();
  let bytes = 0;
  let generation = 0;
  let subscribed = false;

  const clear = () => {
    entries.clear();
    bytes = 0;
    generation += 1;
  };

  // `redisUrl` is a Redis address: `redis://…`, or `redis-cluster://…` for a Redis Cluster (whose
  // plain pub/sub reaches every node's subscribers).
  const subscriber = redisUrl ? createRedisClient(redisUrl, { maxRetriesPerRequest: null }) : null;
  if (subscriber) {
    const channel = `${prefix}page-cache:invalidate`;
    subscriber.on('ready', () => {
      subscriber.subscribe(channel).then(
        () => {
          subscribed = true;
        },
        (error) => log.error(`page cache: cannot subscribe: ${error.message}`),
      );
    });
    // Messages missed while disconnected are unknown: start again empty, and cache nothing meanwhile.
    subscriber.on('close', () => {
      subscribed = false;
      clear();
    });
    subscriber.on('error', () => undefined);
    subscriber.on('message', clear);
  }

  /** 'anonymous', 'signed-in', or null when the request is answered by its own render. */
  function variantOf(req) {
    if (!subscribed || req.method !== 'GET') return null;
    if (req.headers['x-user-token']) return null;
    if (!/(?:^|;\s*)userToken=/.test(req.headers.cookie ?? '')) return 'anonymous';
    return SHARED_SIGNED_IN_PATH.test(req.path) ? 'signed-in' : null;
  }

  function remember(key, entry) {
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const [oldKey, old] of entries) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      entries.delete(oldKey);
      bytes -= old.body.length;
    }
  }

  async function render(req, variant, key) {
    const startedIn = generation;
    const headers = { accept: req.headers.accept ?? 'text/html' };
    // The key fixes the device class, so the client's own User-Agent is one of that class.
    if (req.headers['user-agent']) headers['user-agent'] = req.headers['user-agent'];
    // No cookies: the signed-in variant is rendered as nobody, for a reader not yet known.
    const request = new Request(renderUrl(selfUrl, req.originalUrl), { headers });
    const response = await renderPage(request, { sharedViewer: variant === 'signed-in' });
    const body = Buffer.from(await response.arrayBuffer());
    // Redirects and cookies are replayed to whoever asked, but only plain HTML pages are kept.
    // Iterating a Headers object yields each Set-Cookie on its own.
    const replayed = [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name));
    const entry = { status: response.status, headers: replayed, body, storedAt: Date.now() };
    const keep =
      response.status === 200 &&
      response.headers.getSetCookie().length === 0 &&
      (response.headers.get('content-type') ?? '').startsWith('text/html') &&
      startedIn === generation;
    if (keep) remember(key, entry);
    return { entry, kept: keep };
  }

  /** Express middleware: answers from the cache, or renders once and keeps the page. */
  function middleware(req, res, next) {
    const variant = variantOf(req);
    if (!variant) {
      res.setHeader('x-page-cache', 'bypass');
      return next();
    }
    const device = isMobileUserAgent(req.headers['user-agent']) ? 'mobile' : 'desktop';
    const key = `${variant} ${device} ${req.originalUrl}`;
    const hit = entries.get(key);
    if (hit && Date.now() - hit.storedAt < MAX_AGE_MS) {
      entries.delete(key);
      entries.set(key, hit);
      return send(res, hit, 'hit');
    }
    let rendering = inFlight.get(key);
    if (!rendering) {
      rendering = render(req, variant, key).finally(() => inFlight.delete(key));
      inFlight.set(key, rendering);
    }
    rendering.then(
      ({ entry, kept }) => {
        // A signed-in reader is not answered with a page rendered for nobody that was not fit to
        // keep (an error, a redirect): their own render may differ.
        if (!kept && variant === 'signed-in') {
          res.setHeader('x-page-cache', 'bypass');
          return next();
        }
        send(res, entry, 'miss');
      },
      (error) => next(error),
    );
  }

  function send(res, entry, state) {
    res.status(entry.status);
    for (const [name, value] of entry.headers) {
      if (name === 'set-cookie') res.append(name, value);
      else res.setHeader(name, value);
    }
    res.setHeader('x-page-cache', state);
    res.send(entry.body);
  }

  return {
    middleware,
    /** 'listening' (invalidations arrive), 'disconnected' (caching nothing meanwhile) or 'off' (no Redis). */
    state: () => (subscriber ? (subscribed ? 'listening' : 'disconnected') : 'off'),
    close: () => subscriber?.quit().catch(() => undefined),
  };
}
