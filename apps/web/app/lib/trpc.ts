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

/** The HTTP status a tRPC error came with, when it came with one. */
function httpStatusOf(error: unknown): number | undefined {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}

export function retryOnceUnlessRefused(failures: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  return failures < 1 && !(status !== undefined && status >= 400 && status < 500);
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Data rendered on the server must not be fetched again the moment the page hydrates.
      // One more try for a failure that may pass (a dropped connection, a 5xx); an answer of 4xx (a
      // missing topic, a refusal) is final, so its 404 or 403 page comes at once, not after the
      // retry's one-second wait.
      queries: { staleTime: 60_000, retry: retryOnceUnlessRefused, refetchOnWindowFocus: false },
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
