/**
 * Load shedding in front of everything else: at most `maxActive` requests are worked on at once, a
 * short queue waits behind them for at most `queueWaitMs`, and whatever does not fit is answered
 * at once with 503 and `Retry-After`. Work that has started is bounded by `requestTimeoutMs`.
 *
 * Why: a process with one FerretDB connection and one event loop that accepts every request makes
 * them all slow together; under 500 connections nothing finished and the backlog outlived the load
 * by minutes. Answering the excess cheaply keeps the admitted requests fast, and a queue emptied by
 * deadlines and closed sockets means the process is itself again seconds after the load stops.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LoadLimits {
  maxActive: number;
  maxQueued: number;
  queueWaitMs: number;
  requestTimeoutMs: number;
  /** Seconds a shed client is told to wait (`Retry-After`). */
  retryAfterSeconds: number;
}

export interface LoadShedder {
  /** Runs `next` now, later, or never (answering 503 instead). */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  stats(): { active: number; queued: number; shed: number; timedOut: number };
}

interface Waiting {
  res: ServerResponse;
  next: () => void;
  timer: NodeJS.Timeout;
}

/** Liveness and readiness answer however busy the process is: they are how operators see it. */
const exempt = (req: IncomingMessage) => req.url === '/healthz' || req.url === '/readyz';

export const BUSY_MESSAGE = '服务器繁忙，请稍后再试';

export function createLoadShedder(limits: LoadLimits): LoadShedder {
  let active = 0;
  let shed = 0;
  let timedOut = 0;
  const queue: Waiting[] = [];

  const refuse = (res: ServerResponse) => {
    if (res.headersSent || res.writableEnded) return void res.destroy();
    res.writeHead(503, {
      'retry-after': String(limits.retryAfterSeconds),
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    // The legacy envelope, so bbs-go clients show the text; tRPC clients read the status.
    res.end(JSON.stringify({ errorCode: 0, message: BUSY_MESSAGE, data: null, success: false }));
  };

  const start = (res: ServerResponse, next: () => void) => {
    active++;
    let released = false;
    const deadline = setTimeout(() => {
      timedOut++;
      refuse(res);
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
      drain();
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };

  const drain = () => {
    while (active < limits.maxActive && queue.length > 0) {
      const waiting = queue.shift()!;
      clearTimeout(waiting.timer);
      if (waiting.res.destroyed) continue;
      start(waiting.res, waiting.next);
    }
  };

  return {
    handle(req, res, next) {
      if (exempt(req) || active < limits.maxActive) return start(res, next);
      if (queue.length >= limits.maxQueued) {
        shed++;
        return refuse(res);
      }
      const waiting: Waiting = {
        res,
        next,
        timer: setTimeout(() => {
          const index = queue.indexOf(waiting);
          if (index < 0) return;
          queue.splice(index, 1);
          shed++;
          refuse(res);
        }, limits.queueWaitMs),
      };
      queue.push(waiting);
      // A client that gave up leaves the queue now, not when its turn comes.
      res.once('close', () => {
        const index = queue.indexOf(waiting);
        if (index < 0) return;
        queue.splice(index, 1);
        clearTimeout(waiting.timer);
      });
    },
    stats: () => ({ active, queued: queue.length, shed, timedOut }),
  };
}
