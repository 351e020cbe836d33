import { dehydrate } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@forum/api/router';
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

function createServerApi(request: Request) {
  const queryClient = makeQueryClient();
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${apiUrl()}/trpc`, headers: () => forwardedHeaders(request) })],
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
    queryClient.fetchQuery(trpc.user.current.queryOptions()),
    // The nav's unread badge (a visitor's is 0), in the same batched request.
    queryClient.prefetchQuery(trpc.messages.recent.queryOptions()),
  ]);
  return { config, user };
}

export function dehydrateRequest(request: Request) {
  return dehydrate(serverApi(request).queryClient);
}
