import net from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@forum/core/testing';
import { BUSY_MESSAGE, OUTCOME_UNKNOWN_MESSAGE, createLoadShedder } from './load-shedding';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { startTestApi, type TestApi } from '../test/harness';
import type { AppRouter } from '../trpc/root';

// One API at a time in this process (it sets process-wide state): each case starts its own.
let t: TestApi | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * A request that holds its slot: a POST whose announced body never comes, so the body parser waits.
 * Ending the socket gives the slot back.
 */
async function stalledRequest(t: TestApi): Promise<net.Socket> {
  const socket = net.connect(t.api.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/topic/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ntitle=',
  );
  return socket;
}

describe('load shedding', () => {
  it('answers 503 with Retry-After at once when saturated, and serves again when the load is gone', async () => {
    // Two requests at a time, one waiting behind them for at most 300 ms.
    const api = await startTestApi({
      MAX_ACTIVE_REQUESTS: '2',
      MAX_QUEUED_REQUESTS: '1',
      QUEUE_WAIT_MS: '300',
    });
    t = api;
    expect((await fetch(`${api.baseUrl}/api/config/configs`)).status).toBe(200);

    const stalled = [await stalledRequest(api), await stalledRequest(api)];
    await waitFor('both slots taken', async () => api.api.shedder.stats().active === 2);

    // One waits in the queue and is refused when its wait is over; the next finds the queue full.
    const queued = fetch(`${api.baseUrl}/api/config/configs`);
    await waitFor('one request queued', async () => api.api.shedder.stats().queued === 1);
    const refused = await fetch(`${api.baseUrl}/api/config/configs`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ errorCode: 0, message: BUSY_MESSAGE, data: null, success: false });
    const late = await queued;
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('1');
    expect(api.api.shedder.stats()).toMatchObject({ queued: 0, shed: 2 });

    // Health answers however busy the process is.
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);

    for (const socket of stalled) socket.destroy();
    await waitFor('the slots to be given back', async () => api.api.shedder.stats().active === 0);
    const again = await fetch(`${api.baseUrl}/api/config/configs`);
    expect(again.status).toBe(200);
    expect((await again.json()) as { success: boolean }).toMatchObject({ success: true });
  }, 60_000);

  it('keeps serving reads while writes hold every slot writes may take', async () => {
    const api = await startTestApi({
      MAX_ACTIVE_REQUESTS: '4',
      MAX_ACTIVE_WRITES: '2',
      MAX_QUEUED_REQUESTS: '1',
      QUEUE_WAIT_MS: '5000',
    });
    t = api;
    const stalled = [await stalledRequest(api), await stalledRequest(api)];
    await waitFor('both write slots taken', async () => api.api.shedder.stats().activeWrites === 2);

    // A third write waits for a write slot; a read does not wait behind it.
    const third = await stalledRequest(api);
    await waitFor('the write queued', async () => api.api.shedder.stats().queued === 1);
    const read = await fetch(`${api.baseUrl}/api/config/configs`);
    expect(read.status).toBe(200);
    expect(api.api.shedder.stats()).toMatchObject({ activeWrites: 2, queued: 1, shed: 0 });

    // The queued write starts once a write slot is free.
    stalled[0]!.destroy();
    await waitFor('the queued write to start', async () => api.api.shedder.stats().queued === 0);
    expect(api.api.shedder.stats().activeWrites).toBe(2);
    for (const socket of [stalled[1]!, third]) socket.destroy();
    await waitFor('the slots to be given back', async () => api.api.shedder.stats().active === 0);
  }, 60_000);

  it('gives a request that is never answered a 503 after the request timeout, freeing its slot', async () => {
    const api = await startTestApi({ MAX_ACTIVE_REQUESTS: '1', REQUEST_TIMEOUT_MS: '500' });
    t = api;
    const socket = await stalledRequest(api);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(await answer).toMatch(/^HTTP\/1\.1 503 [\s\S]*retry-after: 3/i);
    expect(api.api.shedder.stats()).toMatchObject({ active: 0, timedOut: 1 });
    expect((await fetch(`${api.baseUrl}/api/config/configs`)).status).toBe(200);
  }, 60_000);

  it('tells a write that ran past the timeout that it may be stored (504, no retry), not that the server was busy', async () => {
    const shedder = createLoadShedder({
      maxActive: 4,
      maxQueued: 4,
      queueWaitMs: 1000,
      requestTimeoutMs: 300,
      retryAfterSeconds: 3,
    });
    const stored: string[] = [];
    // A handler that reads the whole body, then takes longer than the timeout to store it.
    const server: Server = createServer((req, res) =>
      shedder.handle(req, res, () => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () =>
          setTimeout(() => {
            stored.push(body);
            res.end('{"success":true}');
          }, 800),
        );
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const write = await fetch(`${url}/api/topic/create`, { method: 'POST', body: 'content=慢' });
      expect(write.status).toBe(504);
      expect(write.headers.get('retry-after')).toBeNull();
      expect(await write.json()).toMatchObject({ success: false, message: OUTCOME_UNKNOWN_MESSAGE });
      // The web app's tRPC client reads the same answer as an error with that text.
      const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${url}/trpc` })] });
      const failure = await client.topics.create
        .mutate({ type: 0, nodeId: 0, title: 't', content: 'c' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TRPCClientError);
      expect(failure).toMatchObject({
        message: OUTCOME_UNKNOWN_MESSAGE,
        data: { httpStatus: 504, appError: { message: OUTCOME_UNKNOWN_MESSAGE } },
      });
      // Both were indeed stored after their answers: "busy, try again" would have been untrue.
      await waitFor('the slow writes to be stored', async () => stored.length === 2, 5000);
      // A read past the timeout did nothing: it is told the server was busy.
      const slowRead = createServer((req, res) =>
        shedder.handle(req, res, () => setTimeout(() => res.end(), 800)),
      );
      await new Promise<void>((resolve) => slowRead.listen(0, '127.0.0.1', resolve));
      try {
        const read = await fetch(
          `http://127.0.0.1:${(slowRead.address() as AddressInfo).port}/api/topic/topics`,
        );
        expect(read.status).toBe(503);
        expect(await read.json()).toMatchObject({ message: BUSY_MESSAGE });
      } finally {
        await new Promise((resolve) => slowRead.close(resolve));
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
