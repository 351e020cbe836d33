import { useSuspenseQuery } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';

/** The site configuration; the root loader always puts it in the cache before rendering. */
export function useSiteConfig() {
  const trpc = useTRPC();
  return useSuspenseQuery(trpc.config.get.queryOptions()).data;
}

/** The signed-in user, or null for a visitor. */
export function useCurrentUser() {
  const trpc = useTRPC();
  return useSuspenseQuery(trpc.users.current.queryOptions()).data;
}
