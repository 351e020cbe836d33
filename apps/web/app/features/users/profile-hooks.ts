import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '~/lib/trpc';

/** Someone's public profile; the page's loader has put it in the cache. */
export function useProfile(userId: number) {
  const trpc = useTRPC();
  // Points come from jobs a moment after the action: a reader coming back to the tab sees them.
  return useSuspenseQuery({
    ...trpc.users.profile.queryOptions({ id: userId }),
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  }).data;
}

/**
 * After a follow, a mute or a profile edit, the counts, lists and profiles shown may all be stale;
 * they are few and cheap, so all of them are fetched again.
 */
export function useRefreshPeople() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.users.pathFilter()),
        queryClient.invalidateQueries(trpc.follows.pathFilter()),
        queryClient.invalidateQueries(trpc.users.current.pathFilter()),
      ]),
    [queryClient, trpc],
  );
}
