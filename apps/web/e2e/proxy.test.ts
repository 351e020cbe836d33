/**
 * The hop from the public port to the API, as clients meet it: the API's answers, errors included,
 * arrive as the API sent them, early ones while the body is still coming; the connection stays
 * usable afterwards; bodies streamed in pieces arrive whole; websockets upgrade while the hop is
 * busy; and clients that send their bodies slowly hold none of the API's places.
 */
import { io } from 'socket.io-client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { callTrpc } from './api';
import { RawConnection, type RawResponse } from './raw-http';
import { makeStackReader } from './read-model';

const webUrl = inject('webUrl');
const apiUrl = inject('apiUrl');

/** Headers that differ between any two answers, or describe the connection rather than the answer. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'etag']);

function comparable(response: RawResponse) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !PER_ANSWER.has(name)),
  );
  return { status: response.status, headers, body: response.body.toString() };
}

/**
 * Sends `head` and `body` on a new connection to `url`, then a GET of the topic list on the same
 * connection: the answer to the first and whether the second was answered.
 */
async function exchange(url: string, head: string, body?: Buffer | string) {
  const host = new URL(url).host;
  const connection = await RawConnection.open(url);
  try {
    await connection.write(`${head.replace('{host}', host)}\r\n\r\n`);
    // A body the server answered early is still sent whole, as a client that does not read
    // while it writes does.
    if (body !== undefined) await connection.write(body);
    const answer = await connection.next();
    await connection.write(`GET /api/topic/topics HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    const after = await connection.next();
    return { answer, after: after.status };
  } finally {
    connection.close();
  }
}

/** The same request on the API's port and on the public port: both answers and what followed. */
async function onBothPorts(head: string, body?: Buffer | string) {
  const direct = await exchange(apiUrl, head, body);
  const door = await exchange(webUrl, head, body);
  return { direct, door };
}

describe('error answers pass through unchanged', () => {
  it('answers a 20 MB anonymous tRPC create with the API’s 413, and the connection goes on', async () => {
    const request = (size: number) => ({
      head:
        'POST /trpc/topics.create HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${size}`,
      body: Buffer.alloc(size, 'a'),
    });
    // The API itself reads and drops at most 16 MB after such an answer, then closes (it never
    // swallows a 2 GB body): its own answer is taken with 12 MB. The door reads the whole 20 MB
    // on the client's side and keeps the connection.
    const small = request(12 * 1024 * 1024);
    const direct = await exchange(apiUrl, small.head, small.body);
    const large = request(20 * 1024 * 1024);
    const door = await exchange(webUrl, large.head, large.body);
    expect(direct.answer.status).toBe(413);
    expect(comparable(door.answer)).toEqual(comparable(direct.answer));
    expect(door.after).toBe(200);
  });

  it('answers bodies from 200 KB to 3 MB, declared or chunked, as the API does on both transports', async () => {
    for (const size of [200_000, 1_200_000, 3_000_000]) {
      const text = `title=${'x'.repeat(size)}`;
      for (const path of ['/api/topic/create', '/trpc/topics.create']) {
        const type = path.startsWith('/api') ? 'application/x-www-form-urlencoded' : 'application/json';
        const declared = `POST ${path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: ${type}\r\nContent-Length: ${text.length}`;
        const chunked = `POST ${path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked`;
        const chunkedBody = `${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`;
        for (const [head, body] of [
          [declared, text],
          [chunked, chunkedBody],
        ] as const) {
          const { direct, door } = await onBothPorts(head, body);
          const label = `${path} ${size} ${head.includes('chunked') ? 'chunked' : 'declared'}`;
          expect({ label, ...comparable(door.answer) }).toEqual({ label, ...comparable(direct.answer) });
          expect({ label, after: door.after }).toEqual({ label, after: 200 });
        }
      }
    }
  });

  it('passes a 429 of the sign-in limit on as sent, on both transports', async () => {
    await forgetSignInCounts();
    try {
      const form = 'username=nobody-at-the-door&password=wrong-password';
      const legacy = `POST /api/login/signin HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}`;
      const json = JSON.stringify({
        username: 'nobody-at-the-door',
        password: 'wrong-password',
        captchaId: 'x',
        captchaCode: '0000',
      });
      const trpc = `POST /trpc/users.signin HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}`;
      // Ten a minute per address, and both ports see this machine's: the eleventh is refused.
      for (let i = 0; i < 10; i++) await exchange(apiUrl, legacy, form);
      const { direct, door } = await onBothPorts(trpc, json);
      expect(direct.answer.status).toBe(429);
      expect(comparable(door.answer)).toEqual(comparable(direct.answer));
      expect(door.after).toBe(200);
      const again = await onBothPorts(legacy, form);
      expect(again.direct.answer.body.toString()).toContain('操作过于频繁，请稍后再试');
      expect(comparable(again.door.answer)).toEqual(comparable(again.direct.answer));
    } finally {
      await forgetSignInCounts();
    }
  });
});

describe('requests too large to parse', () => {
  /**
   * Sends a 400 KB request target and a 200 KB body as a client that does not read while it
   * writes, then the rest of its body after the answer: the answer, and what the connection did.
   */
  async function oversized(url: string) {
    const host = new URL(url).host;
    const connection = await RawConnection.open(url);
    const errors: string[] = [];
    connection.socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    const closed = new Promise((resolve) => connection.socket.once('close', resolve));
    const form = `title=${'x'.repeat(200_000)}`;
    await connection.write(
      `POST /api/topic/create?code=${'x'.repeat(400_000)} HTTP/1.1\r\nHost: ${host}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length * 2}\r\n\r\n${form}`,
    );
    const answer = await connection.next();
    // Sent after the answer came: Node's own handling had closed the socket by then, so these
    // bytes met a reset.
    await connection.write(form);
    connection.socket.end();
    await closed;
    return {
      status: answer.status,
      connection: answer.headers.connection,
      body: answer.body.toString(),
      errors,
    };
  }

  it('answers a 400 KB URL with 431 that the client reads whole, on both ports, and closes without a reset', async () => {
    for (const url of [apiUrl, webUrl]) {
      expect({ url, ...(await oversized(url)) }).toEqual({
        url,
        status: 431,
        connection: 'close',
        body: 'Request Header Fields Too Large',
        errors: [],
      });
    }
  });
});

/** Sign-in counts per address for a minute; other tests sign in from this machine too. */
async function forgetSignInCounts(): Promise<void> {
  const { createRedis } = await import('@forum/core');
  const redis = createRedis(inject('redisUrl'));
  try {
    const keys = await redis.keys(`${inject('redisPrefix')}rate:signin-*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

describe('bodies and connections', () => {
  let author: { id: number; token: string };
  beforeAll(async () => {
    author = await makeStackReader('门后的作者');
  });

  it('passes a body streamed in pieces on whole', async () => {
    const connection = await RawConnection.open(webUrl);
    try {
      const marker = `分段送达${Date.now()}`;
      const form = new URLSearchParams({
        title: '分段上传的话题',
        content: `${'正文'.repeat(200)}${marker}`,
      }).toString();
      await connection.write(
        `POST /api/topic/create HTTP/1.1\r\nHost: ${new URL(webUrl).host}\r\nX-User-Token: ${author.token}\r\n` +
          'Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      const pieces = form.match(/.{1,300}/gs)!;
      for (const piece of pieces) {
        await connection.write(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      await connection.write('0\r\n\r\n');
      const answer = JSON.parse((await connection.next()).body.toString()) as {
        success: boolean;
        data: { topicId: number };
      };
      expect(answer.success).toBe(true);
      const topic = await callTrpc<{ content: string }>('query', 'topics.byId', { id: answer.data.topicId });
      expect(topic.content).toContain(marker);
    } finally {
      connection.close();
    }
  });

  it('upgrades a websocket and delivers its pushes while the hop is busy', async () => {
    let stop = false;
    const statuses: number[] = [];
    const load = Array.from({ length: 8 }, async (_, i) => {
      while (!stop) {
        const response = await fetch(
          `${webUrl}${i % 2 ? '/api/topic/topics' : '/trpc/topics.list?input=%7B%7D'}`,
        );
        statuses.push(response.status);
        await response.arrayBuffer();
      }
    });
    const socket = io(webUrl, { transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const title = `忙时推送${Date.now()}`;
      const pushed = new Promise<{ title?: string }>((resolve) =>
        socket.on('topic:new', (data: { title?: string }) => data.title === title && resolve(data)),
      );
      await callTrpc(
        'mutation',
        'topics.create',
        { type: 0, nodeId: 0, title, content: '正文' },
        author.token,
      );
      expect((await pushed).title).toBe(title);
    } finally {
      stop = true;
      socket.close();
      await Promise.all(load);
    }
    expect(statuses.length).toBeGreaterThan(8);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });

  it('answers others while more clients than the API takes writes from send their bodies slowly', async () => {
    const host = new URL(webUrl).host;
    const form = 'title=slow&content=a-body-that-comes-one-byte-at-a-time';
    // More slow writers than the API works on at once (MAX_ACTIVE_WRITES, 16 by default).
    const slow = await Promise.all(Array.from({ length: 20 }, () => RawConnection.open(webUrl)));
    let sending = true;
    const trickles = slow.map(async (connection) => {
      await connection.write(
        `POST /api/topic/create HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: ${form.length}\r\n\r\n`,
      );
      // One byte every 150 ms: about seven seconds, longer than the API lets a write wait (3 s).
      for (const byte of form) {
        await connection.write(byte);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      return connection.next();
    });
    try {
      // Meanwhile others write (and read) at their own pace.
      const others: number[] = [];
      while (sending && others.length < 12) {
        const response = await fetch(`${webUrl}/api/topic/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'title=quick&content=quick',
        });
        others.push(response.status);
        await response.arrayBuffer();
        others.push((await fetch(`${webUrl}/api/topic/topics`)).status);
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
      expect(new Set(others)).toEqual(new Set([200]));
      // And each slow writer gets its own answer in the end (a visitor may not post).
      for (const answer of await Promise.all(trickles)) {
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body.toString())).toMatchObject({ success: false });
      }
    } finally {
      sending = false;
      for (const connection of slow) connection.close();
    }
  });
});
