/**
 * The answer to requests a server cannot parse (client-errors.mjs), on a real HTTP server and raw
 * sockets: the status Node's parser implies, a body with its length, and a connection that goes on
 * reading what the client still sends, so that it closes without a reset.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors } from '../client-errors.mjs';

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'));
  answerClientErrors(server, { lingerMs: 2_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * Sends `head`, waits for the whole answer, then sends `after` and closes its side: the answer,
 * the socket errors seen, and how long the server took to close once the client had.
 */
async function send(head: string, after = '') {
  const socket = net.connect(port, '127.0.0.1');
  const errors: string[] = [];
  socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  let received = '';
  const answered = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? NaN);
      if (end !== -1 && received.length >= end + 4 + length) resolve();
    });
  });
  socket.write(head);
  await answered;
  if (after) await new Promise((resolve) => socket.write(after, resolve));
  const ended = Date.now();
  socket.end();
  await closed;
  return { received, errors, closedAfterMs: Date.now() - ended };
}

describe('answerClientErrors', () => {
  it('answers headers over the limit with 431, reads what follows and closes once the client does', async () => {
    const { received, errors, closedAfterMs } = await send(
      `GET /?q=${'x'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      'y'.repeat(500_000),
    );
    expect(received).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(received).toContain('\r\nConnection: close\r\n');
    expect(received.endsWith('\r\n\r\nRequest Header Fields Too Large')).toBe(true);
    expect(errors).toEqual([]);
    // Closed because the client closed, not because the linger ran out.
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  it('answers a malformed request line with 400', async () => {
    const { received, errors } = await send('NOT A REQUEST\r\n\r\n', 'more bytes\r\n');
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(received.endsWith('\r\n\r\nBad Request')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('closes a refused connection whose client keeps its side open once the linger is over', async () => {
    // A client that reads the answer but never closes its side.
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => undefined);
    socket.resume();
    socket.write(`GET /?q=${'x'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const started = Date.now();
    const connections = () => new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await connections()).toBe(1);
    while ((await connections()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    socket.destroy();
  });

  it('still serves requests it can parse', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('ok');
  });
});
