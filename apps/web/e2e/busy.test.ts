/**
 * When the API sheds a page's request (503 + Retry-After: it is at capacity), the web server
 * answers the page 503 too, with the API's Retry-After and a page that says the site is busy —
 * not a 500. A stack of its own whose API works on one request at a time and queues none; one
 * upload that never finishes holds that place.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, waitForHydration } from './browser';
import { RawConnection } from './raw-http';
import { startStack, type Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    apiEnv: { MAX_ACTIVE_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0', QUEUE_WAIT_MS: '2000' },
    worker: false,
  });
});
afterAll(async () => {
  await stack?.stop();
});

/**
 * A request whose body never comes: the API works on it (waiting) until the socket closes. Another
 * request may hold the one place at that moment (the web server asks the API too), and then this
 * one is shed at once: it is sent again until it is the one the API works on.
 */
async function holdTheApi(): Promise<net.Socket> {
  const { hostname, port } = new URL(stack.apiUrl);
  for (let attempt = 0; attempt < 20; attempt++) {
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let answered = false;
    socket.on('data', () => (answered = true));
    socket.write(
      `POST /api/topic/create HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ntitle=',
    );
    // Held once the API sheds everything else.
    for (let tries = 0; tries < 20 && !answered; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const status = (await fetch(`${stack.apiUrl}/api/topic/topics`)).status;
      if (status === 503 && !answered) return socket;
    }
    socket.destroy();
  }
  throw new Error('the held request did not fill the API');
}

describe('a page the API is too busy for', () => {
  it('answers 503 with Retry-After and the busy page, and the page itself once the API is free', async () => {
    const held = await holdTheApi();
    try {
      let busy = await fetch(`${stack.webUrl}/`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('2');
      expect(busy.headers.get('content-type')).toContain('text/html');
      const body = await busy.text();
      expect(body).toContain('服务器繁忙，请稍后再试');
      busy = await fetch(`${stack.webUrl}/topics`);
      expect(busy.status).toBe(503);
    } finally {
      held.destroy();
    }
    const page = await fetch(`${stack.webUrl}/`);
    expect(page.status).toBe(200);
  });
});

describe('an API answer the API is too busy for', () => {
  it('reaches the client through the public port as the API sent it, 503 and Retry-After, on a connection that goes on', async () => {
    const connection = await RawConnection.open(stack.webUrl);
    const host = new URL(stack.webUrl).host;
    try {
      const held = await holdTheApi();
      try {
        for (const path of ['/api/topic/topics', '/trpc/topics.list?input=%7B%7D']) {
          const direct = await fetch(`${stack.apiUrl}${path}`);
          await connection.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
          const door = await connection.next();
          expect(direct.status).toBe(503);
          expect({ path, status: door.status, retryAfter: door.headers['retry-after'] }).toEqual({
            path,
            status: 503,
            retryAfter: direct.headers.get('retry-after'),
          });
          expect(door.headers['content-type']).toBe(direct.headers.get('content-type'));
          expect(door.body.toString()).toBe(await direct.text());
        }
      } finally {
        held.destroy();
      }
      // The same connection is answered once the API has let the held request go.
      let status = 0;
      for (let tries = 0; tries < 20 && status !== 200; tries++) {
        if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
        await connection.write(`GET /api/topic/topics HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        status = (await connection.next()).status;
      }
      expect(status).toBe(200);
    } finally {
      connection.close();
    }
  });
});

describe("a tab's live connection the API is too busy to take", () => {
  it('is asked for again until the API takes it, as a lost connection is', async () => {
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage(desktop);
      await tab.goto(`${stack.webUrl}/`);
      await waitForHydration(tab);
      const socketConnected = () =>
        tab.evaluate(
          () => (window as { __forumSocket?: { connected: boolean } }).__forumSocket?.connected === true,
        );
      await expect.poll(socketConnected, { timeout: 10_000 }).toBe(true);

      const held = await holdTheApi();
      try {
        // A new handshake while the API's one place is taken: refused as busy, and socket.io's own
        // reconnection gives up on a refusal.
        const refusal = await tab.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const socket = (
                window as {
                  __forumSocket?: {
                    disconnect(): void;
                    connect(): void;
                    once(event: 'connect_error', listener: (error: Error) => void): void;
                  };
                }
              ).__forumSocket!;
              socket.once('connect_error', (error) => resolve(error.message));
              socket.disconnect();
              socket.connect();
            }),
        );
        expect(refusal).toBe('busy');
        expect(await socketConnected()).toBe(false);
      } finally {
        held.destroy();
      }
      // The tab asks again (after 0.5–1.5 s, then longer) and is taken once the place is free.
      await expect.poll(socketConnected, { timeout: 15_000 }).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
