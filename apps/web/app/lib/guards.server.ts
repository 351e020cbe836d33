import { data, redirect } from 'react-router';
import { isOwnerOrAdmin } from '~/features/session/roles';
import { serverApi } from './trpc.server';

async function currentUser(request: Request) {
  const { queryClient, trpc } = serverApi(request);
  return queryClient.fetchQuery(trpc.user.current.queryOptions());
}

/** Sends a visitor to sign in, with the page they wanted as the way back. */
export async function requireUser(request: Request) {
  const user = await currentUser(request);
  if (!user) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/user/signin?ref=${encodeURIComponent(pathname + search)}`);
  }
  return user;
}

/** /admin is for owners and admins; everyone else gets a 403. */
export async function requireOwnerOrAdmin(request: Request) {
  const user = await currentUser(request);
  if (!isOwnerOrAdmin(user)) throw data('forbidden', { status: 403 });
  return user;
}
