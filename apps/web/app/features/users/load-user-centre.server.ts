import { orNotFound } from '~/features/lists/pagination';
import { dehydrateRequest, loadSession, serverApi } from '~/lib/trpc.server';

/**
 * Fetches what the user-centre frame shows for `userId` (profile, recent fans and follows, whether
 * the visitor follows them) and ships it with the page; an unknown user is a 404.
 */
export async function loadUserCentre(request: Request, userId: number) {
  const { queryClient, trpc } = serverApi(request);
  const { user } = await loadSession(request);
  const profile = await orNotFound(queryClient.fetchQuery(trpc.users.profile.queryOptions({ id: userId })));
  await Promise.all([
    queryClient.prefetchQuery(trpc.follows.fans.queryOptions({ userId })),
    queryClient.prefetchQuery(trpc.follows.follows.queryOptions({ userId })),
    user && user.id !== userId
      ? queryClient.prefetchQuery(trpc.follows.isFollowed.queryOptions({ userId }))
      : undefined,
  ]);
  return { profile, dehydratedState: dehydrateRequest(request) };
}
