import { data } from 'react-router';
import { dehydrateRequest, loadSession, serverApi } from '~/lib/trpc.server';

/** A user id from the path, or a 404 for anything that is not one. */
export function userIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!value || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(id) || id <= 0) {
    throw data('页面没找到', { status: 404 });
  }
  return id;
}

/**
 * Fetches what the user-centre frame shows for `userId` (profile, recent fans and follows, whether
 * the visitor follows them) and ships it with the page; an unknown user is a 404.
 */
export async function loadUserCentre(request: Request, userId: number) {
  const { queryClient, trpc } = serverApi(request);
  const { user } = await loadSession(request);
  let profile;
  try {
    profile = await queryClient.fetchQuery(trpc.auth.profile.queryOptions({ id: userId }));
  } catch (error) {
    const code = (error as { data?: { code?: string } }).data?.code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') throw data('页面没找到', { status: 404 });
    throw error;
  }
  await Promise.all([
    queryClient.prefetchQuery(trpc.follows.fans.queryOptions({ userId })),
    queryClient.prefetchQuery(trpc.follows.follows.queryOptions({ userId })),
    user && user.id !== userId
      ? queryClient.prefetchQuery(trpc.follows.isFollowed.queryOptions({ userId }))
      : undefined,
  ]);
  return { profile, dehydratedState: dehydrateRequest(request) };
}
