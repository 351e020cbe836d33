/**
 * Load shedding in front of everything else: at most `maxActive` requests are worked on at once, a
 * short queue waits behind them for at most `queueWaitMs`, and whatever does not fit is answered
 * at once with 503 and `Retry-After`. Work that has started is bounded by `requestTimeoutMs`: a
 * read, or a write whose body never came whole (no handler can have acted on it), gets the same 503;
 * a write whose body came whole may be stored by the handler still running, so it gets 504 and
 * `outcomeUnknown` (refresh and look, do not send it again) instead of an invitation to retry.
 *
 * Why: a process with one FerretDB connection and one event loop that accepts every request makes
 * them all slow together; under 500 connections nothing finished and the backlog outlived the load
 * by minutes. Answering the excess cheaply keeps the admitted requests fast, and a queue emptied by
 * deadlines and closed sockets means the process is itself again seconds after the load stops.
 *
 * Writes (any method but GET, HEAD and OPTIONS) have a budget of their own within that,
 * `maxActiveWrites`, and a queue of their own: a write waits on the process's single FerretDB
 * connection, while a read is answered from the read model in Redis. Without the split, writes
 * beyond what the database can take filled every slot and the reads queued behind them (a soak
 * with 500 users shed four requests in five, lists included); with it, the excess writes wait or
 * are shed and the reads go on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { Texts, type AppErrorShape } from '@forum/contracts';

export interface LoadLimits {
  maxActive: number;
  /** Of `maxActive`, how many may be writes (defaults to all of them). */
  maxActiveWrites?: number;
  /** How many requests of each kind (reads, writes) may wait. */
  maxQueued: number;
  queueWaitMs: number;
  requestTimeoutMs: number;
  /** Seconds a shed client is told to wait (`Retry-After`). */
  retryAfterSeconds: number;
}

export interface LoadShedder {
  /** Runs `next` now, later, or never (answering 503 instead). */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * A read's slot for work that is not an HTTP request (a socket's handshake or event), taken only
   * when one is free now and nobody waits: it never queues, so socket traffic neither jumps the
   * queue of requests nor waits in it. Returns the slot's release, or null when the process is busy.
   */
  admit(): (() => void) | null;
  stats(): { active: number; activeWrites: number; queued: number; shed: number; timedOut: number };
}

interface Waiting {
  req: IncomingMessage;
  res: ServerResponse;
  next: () => void;
  timer: NodeJS.Timeout;
}

/** Liveness and readiness answer however busy the process is: they are how operators see it. */
const exempt = (req: IncomingMessage) => req.url === '/healthz' || req.url === '/readyz';

const isWrite = (req: IncomingMessage) => !['GET', 'HEAD', 'OPTIONS'].includes(req.method ?? 'GET');

export const BUSY_MESSAGE = Texts.http.busy;
export const OUTCOME_UNKNOWN_MESSAGE = Texts.http.outcomeUnknown;

/**
 * The body of a refusal in the caller's protocol: tRPC's error shape for `/trpc` (one error per call
 * of a batch), so the web app shows the text rather than failing to read the answer; the legacy
 * envelope elsewhere, so bbs-go clients show it.
 */
export function refusalBody(url: string, status: 503 | 504, message: string): string {
  const path = url.split('?')[0]!;
  if (!path.startsWith('/trpc/'))
    return JSON.stringify({ errorCode: 0, message, data: null, success: false });
  const code = status === 504 ? 'TIMEOUT' : 'SERVICE_UNAVAILABLE';
  const procedures = path.slice('/trpc/'.length).split(',');
  // `appError` as the API's error formatter gives it: the web app shows its text.
  const appError: AppErrorShape = { code: 'INTERNAL', message };
  const error = (procedure: string) => ({
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus: status, path: procedure, appError },
    },
  });
  const batch = /[?&]batch=1(?:&|$)/.test(url);
  return JSON.stringify(batch ? procedures.map(error) : error(procedures[0]!));
}

export function createLoadShedder(limits: LoadLimits): LoadShedder {
  const maxActiveWrites = Math.min(limits.maxActiveWrites ?? limits.maxActive, limits.maxActive);
  let active = 0;
  let activeWrites = 0;
  let shed = 0;
  let timedOut = 0;
  const queues = { read: [] as Waiting[], write: [] as Waiting[] };

  const refuse = (req: IncomingMessage, res: ServerResponse, outcomeUnknown = false) => {
    if (res.headersSent || res.writableEnded) return void res.destroy();
    const status = outcomeUnknown ? 504 : 503;
    res.writeHead(status, {
      ...(outcomeUnknown ? {} : { 'retry-after': String(limits.retryAfterSeconds) }),
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    const message = outcomeUnknown ? OUTCOME_UNKNOWN_MESSAGE : BUSY_MESSAGE;
    res.end(refusalBody(req.url ?? '', status, message));
  };

  const mayStart = (write: boolean) =>
    active < limits.maxActive && (!write || activeWrites < maxActiveWrites);

  const start = (req: IncomingMessage, res: ServerResponse, next: () => void, write: boolean) => {
    active++;
    if (write) activeWrites++;
    let released = false;
    const deadline = setTimeout(() => {
      timedOut++;
      // `complete`: the whole request, body included, was received, so its handler may be writing.
      refuse(req, res, write && req.complete);
      // The abandoned handler may still answer: its late answer is dropped, not thrown.
      res.on('error', () => undefined);
      res.setHeader = () => res;
      res.writeHead = () => res;
      res.write = () => true;
      res.end = () => res;
    }, limits.requestTimeoutMs);
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(deadline);
      active--;
      if (write) activeWrites--;
      drain();
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };

  /** Starts waiting requests while there is room: writes first, as they have waited for a slot of their own. */
  const drain = () => {
    for (const write of [true, false]) {
      const queue = write ? queues.write : queues.read;
      while (queue.length > 0 && mayStart(write)) {
        const waiting = queue.shift()!;
        clearTimeout(waiting.timer);
        if (waiting.res.destroyed) continue;
        start(waiting.req, waiting.res, waiting.next, write);
      }
    }
  };

  return {
    handle(req, res, next) {
      const write = isWrite(req);
      if (exempt(req) || mayStart(write)) return start(req, res, next, write);
      const queue = write ? queues.write : queues.read;
      if (queue.length >= limits.maxQueued) {
        shed++;
        return refuse(req, res);
      }
      const leave = (waiting: Waiting) => {
        const index = queue.indexOf(waiting);
        if (index >= 0) queue.splice(index, 1);
        return index >= 0;
      };
      const waiting: Waiting = {
        req,
        res,
        next,
        timer: setTimeout(() => {
          if (!leave(waiting)) return;
          shed++;
          refuse(req, res);
        }, limits.queueWaitMs),
      };
      queue.push(waiting);
      // A client that gave up leaves the queue now, not when its turn comes.
      res.once('close', () => {
        if (leave(waiting)) clearTimeout(waiting.timer);
      });
    },
    admit() {
      if (!mayStart(false) || queues.read.length > 0 || queues.write.length > 0) {
        shed++;
        return null;
      }
      active++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        active--;
        drain();
      };
    },
    stats: () => ({
      active,
      activeWrites,
      queued: queues.read.length + queues.write.length,
      shed,
      timedOut,
    }),
  };
}
