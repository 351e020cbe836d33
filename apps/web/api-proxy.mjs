/**
 * The hop from the public port to the API: each request under the API's paths is sent to the one
 * configured API address over a pool of kept-alive connections, and its answer is streamed back as
 * the API wrote it (status, headers, body), errors included.
 *
 * - Bodies up to `bufferBytes` are read whole before the API sees the request, so a client that
 *   sends slowly waits on this server alone and holds none of the API's places (its load shedder
 *   counts requests, not bytes). A larger body, or one declared larger, streams through.
 * - An answer that comes before the body is complete (413 for a body too large) is passed on at
 *   once; the rest of the body is read and dropped, so the client's connection stays usable, and
 *   the API's connection, left mid-request, is closed rather than reused.
 * - Websocket upgrades (socket.io) get a connection of their own, piped both ways once the API
 *   switched protocols; an answer that refuses the upgrade is passed on as it was sent.
 * - Hop-by-hop headers are not forwarded either way. `X-Forwarded-For` and `X-Forwarded-Proto` are
 *   what `createClientAddress` (security.mjs) set on the request; `Host` is the visitor's, which the
 *   API compares `Origin` with (csrf).
 */
import http from 'node:http';

/** Headers that describe one connection, never forwarded (RFC 9110 §7.6.1), and `Expect`, which this server answers itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'http2-settings',
]);

/** Bytes of a body read and dropped after an early answer before the connection is closed instead. */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

const BAD_GATEWAY = 'bad gateway';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The names a `Connection` header lists: hop-by-hop for this message too. */
function connectionTokens(value) {
  if (!value) return null;
  return new Set(
    String(value)
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The request's end-to-end headers, plus `extra` (the upgrade's own). */
function forwardedRequestHeaders(req, extra = {}) {
  const listed = connectionTokens(req.headers.connection);
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (HOP_BY_HOP.has(name) || listed?.has(name) || value === undefined) continue;
    headers[name] = value;
  }
  return Object.assign(headers, extra);
}

/** The answer's end-to-end headers as a flat [name, value, …] list, in the order and case sent. */
function forwardedResponseHeaders(upstream) {
  const listed = connectionTokens(upstream.headers.connection);
  const raw = upstream.rawHeaders;
  const headers = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (HOP_BY_HOP.has(name) || listed?.has(name)) continue;
    headers.push(raw[i], raw[i + 1]);
  }
  return headers;
}

function hasBody(req) {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** An HTTP/1.1 response head written on a raw socket (an upgrade's answer). */
function responseHead(status, message, headers) {
  let head = `HTTP/1.1 ${status} ${message}\r\n`;
  for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${head}\r\n`;
}

export function createApiProxy({ target, bufferBytes = 1024 * 1024, log = console }) {
  const { hostname, port } = new URL(target);
  const upstreamPort = Number(port || 80);
  // Idle connections are closed before the API's keep-alive timeout (Node's default, 5 s) would
  // close them under a request; `lifo` keeps the busiest few warm and lets the rest expire.
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, timeout: 4000, scheduling: 'lifo' });
  let lastErrorLog = 0;

  function logError(message) {
    // One line a second at most: an API that is down would otherwise fill the log.
    const now = Date.now();
    if (now - lastErrorLog < 1000) return;
    lastErrorLog = now;
    log.error(`api proxy: ${message}`);
  }

  function badGateway(res) {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(BAD_GATEWAY),
      'cache-control': 'no-store',
    });
    res.end(BAD_GATEWAY);
  }

  /**
   * Sends the request upstream with `body` (a Buffer, or null with `stream` true: piped from the
   * client). A read that failed on a kept-alive connection (the API may close one as it is
   * reused) is sent once more on a new one; a write is not, as it may have been done.
   */
  function send(req, res, body, stream, retried = false) {
    const headers = forwardedRequestHeaders(req);
    if (!stream) {
      // The body read here goes with its length; an empty one keeps the length it was sent with.
      delete headers['content-length'];
      if (body) headers['content-length'] = String(body.length);
      else if (req.headers['content-length'] !== undefined) headers['content-length'] = '0';
    }
    const upstream = http.request({
      agent,
      host: hostname,
      port: upstreamPort,
      method: req.method,
      path: req.url,
      headers,
      setHost: false,
    });
    let answered = false;
    let bodySent = !stream;

    upstream.on('response', (answer) => {
      answered = true;
      res.writeHead(answer.statusCode, answer.statusMessage, forwardedResponseHeaders(answer));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
      if (!bodySent) {
        // An early answer: stop sending, drop the rest of the body, never reuse this connection.
        req.unpipe(upstream);
        drain(req);
        answer.on('end', () => upstream.destroy());
      }
    });
    upstream.on('error', (error) => {
      if (answered) return void res.destroy();
      if (!retried && upstream.reusedSocket && SAFE_METHODS.has(req.method) && !stream && !req.destroyed)
        return send(req, res, body, stream, true);
      logError(`${req.method} ${req.url.split('?')[0]}: ${error.message}`);
      badGateway(res);
    });
    // A client that went away takes its upstream request with it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });

    if (!stream) return void upstream.end(body ?? undefined);
    req.pipe(upstream);
    req.on('end', () => {
      bodySent = true;
    });
  }

  /** Reads and drops what is left of a request body; a very long one closes the connection. */
  function drain(req) {
    let dropped = 0;
    req.on('data', (chunk) => {
      dropped += chunk.length;
      if (dropped > MAX_DRAINED_BYTES) req.socket.destroy();
    });
    req.resume();
  }

  /** Express-free handler for one HTTP request under the API's paths. */
  function web(req, res) {
    req.on('error', () => res.destroy());
    if (!hasBody(req)) return send(req, res, null, false);
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > bufferBytes) return send(req, res, null, true);
    // Read the body here first; switch to streaming if it grows past the buffer.
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= bufferBytes) return;
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      req.unshift(Buffer.concat(chunks));
      send(req, res, null, true);
    };
    const onEnd = () => send(req, res, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size), false);
    req.on('data', onData);
    req.on('end', onEnd);
  }

  /** A websocket upgrade under the API's paths: the socket is piped to the API's once it switched. */
  function upgrade(req, socket, head) {
    socket.on('error', () => socket.destroy());
    const upstream = http.request({
      host: hostname,
      port: upstreamPort,
      method: req.method,
      path: req.url,
      headers: forwardedRequestHeaders(req, { connection: 'Upgrade', upgrade: req.headers.upgrade }),
      setHost: false,
    });
    upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      upstreamSocket.on('close', () => socket.destroy());
      const headers = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        headers.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      socket.setNoDelay(true);
      upstreamSocket.setNoDelay(true);
      socket.setTimeout(0);
      socket.write(responseHead(answer.statusCode, answer.statusMessage, headers));
      if (upstreamHead.length) socket.write(upstreamHead);
      if (head.length) upstreamSocket.write(head);
      upstreamSocket.pipe(socket);
      socket.pipe(upstreamSocket);
    });
    // The API refused the upgrade (a cross-site handshake, a busy process): its answer as sent.
    upstream.on('response', (answer) => {
      const headers = forwardedResponseHeaders(answer);
      socket.write(
        responseHead(answer.statusCode, answer.statusMessage, [...headers, 'Connection', 'close']),
      );
      answer.pipe(socket);
    });
    upstream.on('error', (error) => {
      logError(`upgrade ${req.url.split('?')[0]}: ${error.message}`);
      if (socket.writable)
        socket.end(
          `HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\n` +
            `Content-Length: ${BAD_GATEWAY.length}\r\nConnection: close\r\n\r\n${BAD_GATEWAY}`,
        );
    });
    socket.on('close', () => upstream.destroy());
    upstream.end();
  }

  return { web, upgrade, close: () => agent.destroy() };
}
