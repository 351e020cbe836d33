/**
 * The tRPC + TanStack Query wiring shared by the server render and the browser. Server loaders fill a
 * per-request QueryClient (see trpc.server.ts); the page carries it dehydrated; the browser hydrates it.
 */
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@forum/api/router';
import { CLIENT_HEADER } from './site';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Data rendered on the server must not be fetched again the moment the page hydrates.
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/**
 * Calls the API on the page's own origin (the web server proxies /trpc). The session travels in the
 * HttpOnly `userToken` cookie, which the browser sends and scripts cannot read.
 */
export function createBrowserTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/trpc', headers: () => ({ ...CLIENT_HEADER }) })],
  });
}
