/**
 * HTTP/1.1 over a plain socket, for what `fetch` cannot send or show: request targets exactly as
 * written (`//host/x`, `/\host/x`, absolute form), bodies sent a few bytes at a time, and several
 * requests on one kept-alive connection.
 */
import http from 'node:http';
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One connection; `next()` gives its answers in order (Content-Length or chunked bodies). */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;
  readonly socket: net.Socket;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static async open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    socket.setNoDelay(true);
    return new RawConnection(socket);
  }

  private wake() {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  private async more(): Promise<void> {
    if (this.closed) throw new Error('the connection closed before a whole answer came');
    await new Promise<void>((resolve) => (this.waiting = resolve));
  }

  /** Writes `data`, waiting for the socket to take it (a large body fills its buffer). */
  async write(data: string | Buffer): Promise<void> {
    if (this.socket.write(data)) return;
    if (this.socket.destroyed) throw new Error('the connection closed while sending');
    await new Promise<void>((resolve, reject) => {
      const onClose = () => reject(new Error('the connection closed while sending'));
      this.socket.once('close', onClose);
      this.socket.once('drain', () => {
        this.socket.off('close', onClose);
        resolve();
      });
    });
  }

  /** The next answer on this connection (skipping `100 Continue`); a HEAD's has no body. */
  async next(method = 'GET'): Promise<RawResponse> {
    for (;;) {
      let end = this.buffer.indexOf('\r\n\r\n');
      while (end === -1) {
        await this.more();
        end = this.buffer.indexOf('\r\n\r\n');
      }
      const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(statusLine!.split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
      }
      this.buffer = this.buffer.subarray(end + 4);
      if (status === 100) continue;
      if (status === 101 || status === 204 || status === 304 || method === 'HEAD')
        return { status, headers, body: Buffer.alloc(0) };
      return { status, headers, body: await this.body(headers) };
    }
  }

  private async body(headers: Record<string, string>): Promise<Buffer> {
    if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
      const parts: Buffer[] = [];
      for (;;) {
        let lineEnd = this.buffer.indexOf('\r\n');
        while (lineEnd === -1) {
          await this.more();
          lineEnd = this.buffer.indexOf('\r\n');
        }
        const size = Number.parseInt(this.buffer.subarray(0, lineEnd).toString('latin1'), 16);
        while (this.buffer.length < lineEnd + 2 + size + 2) await this.more();
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        this.buffer = this.buffer.subarray(lineEnd + 2 + size + 2);
        if (size === 0) return Buffer.concat(parts);
      }
    }
    const length = Number(headers['content-length'] ?? NaN);
    if (Number.isNaN(length)) {
      // Delimited by the end of the connection.
      while (!this.closed) await this.more().catch(() => undefined);
      const body = this.buffer;
      this.buffer = Buffer.alloc(0);
      return body;
    }
    while (this.buffer.length < length) await this.more();
    const body = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return body;
  }

  close(): void {
    this.socket.destroy();
  }
}

/** One request written exactly as given (`head` without its final blank line), on a new connection. */
export async function rawRequest(url: string, head: string, body?: string | Buffer): Promise<RawResponse> {
  const connection = await RawConnection.open(url);
  try {
    await connection.write(`${head}\r\n\r\n`);
    if (body !== undefined) await connection.write(body);
    return await connection.next(head.slice(0, head.indexOf(' ')));
  } finally {
    connection.close();
  }
}

/** A loopback HTTP server that counts the requests it gets: nothing may reach it. */
export async function startHitCounter(): Promise<{
  port: number;
  hits: () => string[];
  close(): Promise<void>;
}> {
  const hits: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': 'default-src *' });
    res.end('<h1>foreign</h1><script>navigator.serviceWorker.register("/evil-sw.js")</script>');
  });
  server.on('upgrade', (req, socket) => {
    hits.push(`upgrade ${req.url}`);
    socket.destroy();
  });
  // Any connection counts, even one that never sends a request.
  server.on('connection', (socket) => {
    sockets.add(socket);
    hits.push('connection');
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    hits: () => [...hits],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
