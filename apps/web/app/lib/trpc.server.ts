import { dehydrate } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { data } from 'react-router';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
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
 * Rethrows an API that shed the page's request as the page's own answer: 503 with the API's
 * Retry-After and the "busy" page, not the 500 of an unexpected error; other errors as they are.
 */
export function rethrowBusy(error: unknown): never {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApiBusyError) {
      throw data(BUSY_TEXT, { status: 503, headers: { 'Retry-After': cause.retryAfter } });
    }
  }
  throw error;
}

function createServerApi(request: Request) {
  const queryClient = makeQueryClient();
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${apiUrl()}/trpc`,
        headers: () => forwardedHeaders(request),
        fetch: fetchUnlessBusy,
      }),
    ],
  });
  return { queryClient, client, trpc: createTRPCOptionsProxy<AppRouter>({ client, queryClient }) };
}

export type ServerApi = ReturnType<typeof createServerApi>;

// Loaders of one document request share the request object, so they share one cache and the API
// is asked for the same thing once.
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
