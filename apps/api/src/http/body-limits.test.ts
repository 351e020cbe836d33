/**
 * A body of 1,000 multipart fields of 2 MB each (2 GB) sent to the API process is refused early,
 * wherever it is sent, and the process's memory stays where it was. The body is generated while it
 * is sent (one 2 MB buffer written again and again), so this test holds no 2 GB either.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServices } from '@forum/core/testing';
import { startApiProcess, type ApiProcess } from '../test/api-process';

const services = useTestServices();
let api: ApiProcess;
beforeAll(async () => {
  api = await startApiProcess({
    MONGO_URL: services.mongoUrl,
    MONGO_DB: services.dbName,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: services.prefix,
  });
}, 180_000);
afterAll(() => api?.stop());

const MB = 1024 * 1024;
const FIELDS = 1000;
const FIELD_BYTES = 2 * MB;
const BOUNDARY = 'bodyLimitBoundary';
/** The client stops on its own past this: a server still reading by then was not refusing early. */
const GIVE_UP_BYTES = 256 * MB;
/** "Early": what an answer may come after, with the socket buffers of both ends filled. */
const EARLY_BYTES = 64 * MB;

const fieldValue = Buffer.alloc(FIELD_BYTES, 'x');
const partHead = (index: number) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n`);
const partTail = Buffer.from('\r\n');
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const bodyLength =
  Array.from({ length: FIELDS }, (_, index) => partHead(index).length).reduce((a, b) => a + b, 0) +
  FIELDS * (FIELD_BYTES + partTail.length) +
  closing.length;

interface Outcome {
  /** The answer's status, or null when the connection ended without one. */
  status: number | null;
  body: string;
  /** Body bytes written before the answer arrived (or the client gave up). */
  sentBeforeAnswer: number;
  error?: string;
}

/** Streams the 2 GB form to `path`, stopping as soon as the server answers or the connection ends. */
function sendHugeForm(path: string, declareLength: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    let finished = false;
    const outcome: Outcome = { status: null, body: '', sentBeforeAnswer: 0 };
    const done = (error?: string) => {
      if (finished) return;
      finished = true;
      if (error && outcome.status === null) outcome.error = error;
      if (!answered) outcome.sentBeforeAnswer = sent;
      request.destroy();
      resolve(outcome);
    };
    const request = http.request(`${api.url}${path}`, {
      method: 'POST',
      // A connection of its own, kept alive as browsers and HTTP libraries keep theirs.
      agent: new http.Agent({ keepAlive: true }),
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(declareLength ? { 'content-length': String(bodyLength) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    request.on('response', (response) => {
      answered = true;
      outcome.status = response.statusCode ?? null;
      outcome.sentBeforeAnswer = sent;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (outcome.body += chunk));
      response.on('end', () => done());
      response.on('error', () => done());
    });
    request.on('error', (error) => done(error.message));
    request.on('close', () => done('closed'));

    const write = (chunk: Buffer) =>
      new Promise<void>((next) => {
        sent += chunk.length;
        if (request.write(chunk)) return next();
        const resume = () => {
          request.off('drain', resume);
          request.off('close', resume);
          next();
        };
        request.on('drain', resume);
        request.on('close', resume);
      });
    void (async () => {
      for (let index = 0; index < FIELDS; index++) {
        if (finished || answered) return;
        if (sent > GIVE_UP_BYTES) return done('gave up: the server kept reading');
        await write(partHead(index));
        await write(fieldValue);
        await write(partTail);
      }
      if (!finished && !answered) request.end(closing);
    })();
  });
}

describe('a 2 GB multipart body', () => {
  it('is refused early on a path no route serves, on a form route and on the upload route, and the API keeps its memory', async () => {
    // Warm up the paths measured, so the baseline includes what any first request loads.
    for (const path of ['/api/no-such-route', '/api/topic/create']) {
      await fetch(`${api.url}${path}`, { method: 'POST', body: new FormData() });
    }
    const start = api.rss();
    const cases = [
      { path: '/api/no-such-route', status: 404 },
      { path: '/api/topic/create', status: 413 },
      { path: '/api/upload', status: 413 },
      // tRPC asks for a signed-in user before it reads the input.
      { path: '/trpc/topics.create', status: 401 },
    ];
    for (const { path, status } of cases) {
      for (const declareLength of [false, true]) {
        const outcome = await sendHugeForm(path, declareLength);
        const described = `${path} (${declareLength ? 'declared length' : 'chunked'}): ${JSON.stringify({ ...outcome, body: outcome.body.slice(0, 200) })}`;
        expect(outcome.status, described).toBe(status);
        expect(outcome.sentBeforeAnswer, described).toBeLessThan(EARLY_BYTES);
        expect(api.rss() - start, described).toBeLessThan(100 * MB);
      }
    }
    // Two at once (the same attack from two connections) is no different.
    const both = await Promise.all([
      sendHugeForm('/api/no-such-route', false),
      sendHugeForm('/api/topic/create', false),
    ]);
    expect(both.map((outcome) => outcome.status)).toEqual([404, 413]);
    expect(api.rss() - start).toBeLessThan(100 * MB);
    // And the process still serves.
    expect((await fetch(`${api.url}/api/config/configs`)).status).toBe(200);
  }, 120_000);
});
