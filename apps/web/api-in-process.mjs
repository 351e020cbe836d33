/**
 * The API's paths handed to the API's own HTTP server in this process (`API_IN_PROCESS`, what
 * `npm start` runs): no connection, no copy of the request or the answer. The request and its
 * response object are the ones this server's socket made; the API's request listener (load
 * shedder, answer cache, Express) and its upgrade listener (socket.io) take them as they would
 * on the API's port, so every answer, error and header is the API's own, written straight to
 * the visitor.
 *
 * What the kept-alive hop (api-proxy.mjs) does besides carrying bytes is kept:
 *
 * - Bodies up to `bufferBytes` arrive whole before the API sees the request, so a client that
 *   sends slowly waits on this server alone and holds none of the API's places (its load shedder
 *   counts requests, not bytes). The chunks the HTTP parser pushes are held back and pushed on
 *   once the message is complete; a larger body, or one declared larger, streams to the API.
 * - An answer that comes before the body is complete (413 for a body too large) is sent at once;
 *   the rest of the body is read and dropped here, up to the hop's limit, so the client's
 *   connection stays usable (the API's own, smaller drain is told to stand aside).
 * - The request target was judged, the client's address decided and `X-Forwarded-For` rewritten
 *   by server.mjs before this is called, as for the hop; only the API's paths come here, so
 *   `/metrics` and the readiness report stay on the API's port.
 */
import { MAX_DRAINED_BYTES } from './api-proxy.mjs';

/** Set on a request whose unread body this server drops after an early answer (read by the API). */
export const DOOR_DRAINS_BODY = Symbol.for('forum.door-drains-body');

function hasBody(req) {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Reads and drops what is left of a request body; a very long one closes the connection. */
function drain(req) {
  let dropped = 0;
  req.unpipe();
  req.on('data', (chunk) => {
    dropped += chunk.length;
    if (dropped > MAX_DRAINED_BYTES) req.socket.destroy();
  });
  req.resume();
}

/**
 * `server` is the API's http.Server (listening on the API's port for its own clients: the page
 * renderer, Prometheus, operators); its `request` and `upgrade` listeners are called here.
 */
export function createInProcessApi({ server, bufferBytes = 1024 * 1024 }) {
  function handOver(req, res) {
    req[DOOR_DRAINS_BODY] = true;
    // Before the API's own 'prefinish' listeners: an answer sent while the body still comes.
    res.once('prefinish', () => {
      if (!req.complete) drain(req);
    });
    server.emit('request', req, res);
  }

  /** One HTTP request under the API's paths. Called as the request arrives (no body read yet). */
  function web(req, res) {
    if (!hasBody(req)) return handOver(req, res);
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (declared > bufferBytes) return handOver(req, res);
    // Node's HTTP parser hands each body chunk to `req.push` and ends with `req.push(null)`. Until
    // the body is whole (or too large to hold), the chunks are kept here instead; returning true
    // keeps the socket reading, and the total is bounded by `bufferBytes`.
    const push = req.push;
    const held = [];
    let size = 0;
    let handed = false;
    const release = (end) => {
      delete req.push;
      for (const chunk of held) push.call(req, chunk);
      if (end) push.call(req, null);
      handed = true;
      handOver(req, res);
    };
    req.push = (chunk, encoding) => {
      if (chunk === null) return void release(true);
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      held.push(buffer);
      size += buffer.length;
      if (size > bufferBytes) release(false);
      return true;
    };
    // A client that went away before its body was whole: nothing reaches the API.
    req.once('close', () => {
      if (handed) return;
      delete req.push;
      res.destroy();
    });
  }

  /** A websocket upgrade under the API's paths (socket.io), handled on this socket. */
  function upgrade(req, socket, head) {
    server.emit('upgrade', req, socket, head);
  }

  return { web, upgrade };
}
