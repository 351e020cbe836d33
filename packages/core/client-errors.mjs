/**
 * What an HTTP server answers when a request cannot even be parsed (headers over Node's 16 KB
 * limit, a malformed request line, headers that took too long), for the API and the web server
 * alike.
 *
 * Node's own answer writes the status and destroys the socket at once. A client still sending
 * (a 400 KB URL, then its body) then meets a reset: its unsent bytes make the kernel answer RST,
 * which discards the answer it had not read yet, so it sees `ECONNRESET`/`EPIPE` instead of the
 * 431. Here the answer carries its length and `Connection: close`, the server half-closes, and it
 * reads and drops whatever the client still sends until the client closes its side or
 * `lingerMs` passes (a lingering close), so every client reads the refusal.
 */

/** How long a refused connection is read and dropped at most before it is closed outright. */
export const CLIENT_ERROR_LINGER_MS = 5_000;

const STATUS_LINES = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADERS_TIMEOUT: '408 Request Timeout',
};

/** The status line for a parse error, as Node's own answer chooses it. */
export function clientErrorStatus(error) {
  return STATUS_LINES[error?.code] ?? '400 Bad Request';
}

/** Installs the answer on `server` (an `http.Server`), in place of Node's. */
export function answerClientErrors(server, { lingerMs = CLIENT_ERROR_LINGER_MS } = {}) {
  const answered = new WeakSet();
  server.on('clientError', (error, socket) => {
    // The parser reports every later chunk of a refused connection again.
    if (answered.has(socket)) return;
    answered.add(socket);
    // A connection the client reset, or one an answer had already begun on, takes no answer.
    const answerStarted = socket._httpMessage?.headersSent;
    if (error?.code === 'ECONNRESET' || !socket.writable || answerStarted) return void socket.destroy();
    const status = clientErrorStatus(error);
    const body = status.slice(4);
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
    // Reading goes on: into the parser, which drops it, or as plain data once it let go.
    socket.resume();
  });
}
