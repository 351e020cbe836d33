/**
 * The API's procedures called by the page renderer of the same process (`API_IN_PROCESS`, what
 * `npm start` runs), with no HTTP between them. A page's loaders otherwise asked the API over a
 * loopback connection: undici's request, the API's HTTP parser, Express, tRPC's batch encoding and
 * the JSON both ways cost about a fifth of the CPU of rendering an uncached topic page. Only
 * queries come here; the web server sends mutations (and every call when this process is busy)
 * over HTTP as before (apps/web/app/lib/trpc.server.ts).
 *
 * The context is the one an HTTP call of the same page would get: the reader from the forwarded
 * `X-User-Token` header or `userToken` cookie, the address the web server decided, the User-Agent.
 * It has no HTTP request or response: the procedures that set cookies are mutations, which never
 * come here, and touching either throws rather than acting on something that is not there.
 */
import { randomUUID } from 'node:crypto';
import { userFromToken, type Logger } from '@forum/core';
import { cookieValue } from '../context';
import type { LoadShedder } from '../http/load-shedding';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/unavailable';
import type { TrpcContext } from './init';
import { appRouter } from './root';

export interface LocalTrpc {
  router: typeof appRouter;
  /** The context of one page request's calls, from the headers the renderer would forward. */
  createContext(headers: Readonly<Record<string, string>>): Promise<TrpcContext>;
  /**
   * A read's place in this process's load shedder, released when the call ends; null when the
   * process is busy (the call then goes over HTTP and waits its turn in the shedder's queue).
   */
  admit(): (() => void) | null;
  /** The Retry-After of a call answered as unavailable (the database gone), as HTTP sends it. */
  unavailableRetryAfterSeconds: number;
  /** Logs a procedure's unexpected failure as the HTTP path does. */
  onError(error: unknown, path: string | undefined): void;
}

function absent(name: string): never {
  return new Proxy(
    {},
    {
      get(_, property) {
        throw new Error(`an in-process call has no HTTP ${name} (read ${String(property)})`);
      },
    },
  ) as never;
}

/** The token as the HTTP context reads it: the header first, then the cookie. */
function tokenOfHeaders(headers: Readonly<Record<string, string>>) {
  const fromHeader = headers['x-user-token'];
  if (fromHeader) return fromHeader;
  return cookieValue(headers.cookie, 'userToken') ?? null;
}

export function createLocalTrpc(shedder: LoadShedder, log: Logger): LocalTrpc {
  return {
    router: appRouter,
    async createContext(headers) {
      const token = tokenOfHeaders(headers);
      const user = await userFromToken(token);
      const requestId = randomUUID();
      return {
        user,
        token,
        request: {
          actor: user,
          // The web server replaced X-Forwarded-For with the one address it decided.
          ip: headers['x-forwarded-for']?.split(',')[0]?.trim() ?? '',
          userAgent: headers['user-agent'] ?? '',
          referer: headers.referer ?? '',
        },
        req: absent('request'),
        res: absent('response'),
        requestId,
        log: log.child({ requestId }),
      };
    },
    admit: () => shedder.admit(),
    unavailableRetryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
    onError(error, path) {
      if ((error as { code?: unknown }).code === 'INTERNAL_SERVER_ERROR') {
        log.error({ err: error, path }, 'trpc procedure failed');
      }
    },
  };
}
