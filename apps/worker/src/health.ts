/** The worker's only HTTP surface: liveness and readiness for the orchestrator, and its metrics. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsAnswer, type ReadModelReadiness } from '@forum/core';

export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface Readiness {
  mongo: boolean;
  redis: boolean;
  readModel: ReadModelReadiness;
  /** The queues this process consumes (`WORKER_QUEUES`). */
  consumes: string[];
  /** Depth of each consumed queue. */
  queues: Record<string, QueueDepth>;
  /** True once SIGTERM arrived: the worker finishes its jobs and takes no new ones. */
  closing: boolean;
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /healthz` answers while the process lives; `GET /readyz` is 200 only when all checks pass;
 * `GET /metrics` serves Prometheus's text format to the callers `mayReadMetrics` lets in.
 */
export async function startHealthServer(
  port: number,
  readiness: () => Promise<{ ready: boolean; report: Readiness }>,
  metricsToken?: string,
): Promise<HealthServer> {
  const server: Server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return send(405, { error: 'method not allowed' });
    if (path === '/healthz') return send(200, { ok: true });
    if (path === '/readyz') {
      readiness().then(
        ({ ready, report }) => send(ready ? 200 : 503, report),
        () => send(503, { mongo: false, redis: false, readModel: 'missing', queues: {} }),
      );
      return;
    }
    if (path === '/metrics') {
      metricsAnswer(request, metricsToken).then(
        ({ status, contentType, body }) => {
          response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
          response.end(body);
        },
        () => send(500, { error: 'metrics failed' }),
      );
      return;
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
