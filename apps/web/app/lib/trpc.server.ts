import { dehydrate } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, unstable_localLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { data } from 'react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { LocalTrpc } from '@forum/api/local';
import type { AppRouter } from '@forum/api/router';
import { BUSY_TEXT } from '~/features/errors/describe-error';
import { readCookie } from './cookies';
import { makeQueryClient } from './trpc';
import { CLIENT_HEADER, TOKEN_COOKIE } from './site';

const apiUrl = () => (process.env.API_URL ?? 'http://127.0.0.1:3001').replace(/\/+$/, '');

/** The headers that tell the API who is asking: the visitor's cookie and token, and their address. */
export function forwardedHeaders(request: Request): Record<string, string> {
  const headers: Record<string, string> = { ...CLIENT_HEADER };
  const cookie = request.headers.get('cookie');
  if (cookie) headers.cookie = cookie;
  const token = request.headers.get('x-user-token') ?? readCookie(cookie, TOKEN_COOKIE);
  if (token) headers['x-user-token'] = token;
  const forwardedFor = request.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers['user-agent'] = userAgent;
  return headers;
}

/** The API shed a request (503: too busy, or not ready): the page cannot be made now. */
class ApiBusyError extends Error {
  constructor(readonly retryAfter: string) {
    super('the API is busy');
  }
}

const fetchUnlessBusy: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 503) throw new ApiBusyError(response.headers.get('retry-after') ?? '5');
  return response;
};

/**
 * The Retry-After of an API that could not answer now, or null for any other error: a request it
 * shed (503 over HTTP), or a call it answered as unavailable (the database gone), which over HTTP
 * is that same status and in process an error of that status.
 */
export function busyRetryAfter(error: unknown): string | null {
  // Over HTTP an unavailable answer has the ApiBusyError below as a cause; in process it has not.
  const local = localTrpc();
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApiBusyError) return cause.retryAfter;
    const status = (cause as { data?: { httpStatus?: unknown } }).data?.httpStatus;
    if (status === 503 && local) return String(local.unavailableRetryAfterSeconds);
  }
  return null;
}

/**
 * Rethrows an API that could not answer the page's request as the page's own answer: 503 with the
 * API's Retry-After and the "busy" page, not the 500 of an unexpected error; other errors as they are.
 */
export function rethrowBusy(error: unknown): never {
  const retryAfter = busyRetryAfter(error);
  if (retryAfter !== null) throw data(BUSY_TEXT, { status: 503, headers: { 'Retry-After': retryAfter } });
  throw error;
}

/**
 * The API of this process, when the web server runs it (`API_IN_PROCESS`): server.mjs registers its
 * procedures under this symbol before the first request, as the one bridge between the API and
 * this bundle (which holds none of the API's code).
 */
const LOCAL_TRPC = Symbol.for('forum.local-trpc');

function localTrpc(): LocalTrpc | undefined {
  return (globalThis as { [LOCAL_TRPC]?: LocalTrpc })[LOCAL_TRPC];
}

/**
 * A page's queries called in this process's API, each holding a read's place in its load shedder
 * while it runs; mutations, and queries that find the process busy, go over `http` (where a busy
 * API queues them, then answers 503 as before). What a query returns is the same either way: the
 * local call passes its answer through JSON as the wire would, and its errors carry the same shape.
 */
function inProcessLink(local: LocalTrpc, request: Request, http: TRPCLink<AppRouter>): TRPCLink<AppRouter> {
  let context: ReturnType<LocalTrpc['createContext']> | undefined;
  const inProcess = unstable_localLink<AppRouter>({
    router: local.router,
    // One context for all of the page's calls, as one HTTP batch resolves the reader once.
    createContext: () => (context ??= local.createContext(forwardedHeaders(request))),
    onError: ({ error, path }) => local.onError(error, path),
  });
  return (runtime) => {
    const viaHttp = http(runtime);
    const local$ = inProcess(runtime);
    return (operation) => {
      if (operation.op.type !== 'query') return viaHttp(operation);
      const release = local.admit();
      if (!release) return viaHttp(operation);
      return observable((observer) => {
        const subscription = local$(operation).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            release();
            observer.error(error);
          },
          complete: () => {
            release();
            observer.complete();
          },
        });
        return () => {
          release();
          subscription.unsubscribe();
        };
      });
    };
  };
}

function createServerApi(request: Request) {
  const queryClient = makeQueryClient();
  const http = httpBatchLink<AppRouter>({
    url: `${apiUrl()}/trpc`,
    headers: () => forwardedHeaders(request),
    fetch: fetchUnlessBusy,
  });
  const local = localTrpc();
  const client = createTRPCClient<AppRouter>({
    links: [local ? inProcessLink(local, request, http) : http],
  });
  return { queryClient, client, trpc: createTRPCOptionsProxy<AppRouter>({ client, queryClient }) };
}

export type ServerApi = ReturnType<typeof createServerApi>;

// Calls made with one request object share one cache, so the API is asked for the same thing once.
// React Router hands each loader a copy of the request of its own, so the root's loader and a
// route's loader each ask for the session (three small queries, in process under `npm start`).
const perRequest = new WeakMap<Request, ServerApi>();

/** The API as the visitor of this request sees it, with a cache that lives as long as the request. */
export function serverApi(request: Request): ServerApi {
  let api = perRequest.get(request);
  if (!api) {
    api = createServerApi(request);
    perRequest.set(request, api);
  }
  return api;
}

/** The session every page needs: the site configuration (required) and the visitor (null if none). */
export async function loadSession(request: Request) {
  const { queryClient, trpc } = serverApi(request);
  const [config, user] = await Promise.all([
    queryClient.fetchQuery(trpc.config.get.queryOptions()),
    queryClient.fetchQuery(trpc.users.current.queryOptions()),
    // The nav's unread badge (a visitor's is 0), in the same batched request.
    queryClient.prefetchQuery(trpc.messages.recent.queryOptions()),
  ]).catch(rethrowBusy);
  return { config, user };
}

export function dehydrateRequest(request: Request) {
  return dehydrate(serverApi(request).queryClient);
}
