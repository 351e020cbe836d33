import { data, redirect } from 'react-router';
import { isModuleEnabled, Texts, type SiteModuleName } from '@forum/contracts';
import { isPathEnabled } from '~/features/users/modules';
import { CommonTexts } from '~/texts/common';
import { loadSession, serverApi } from './trpc.server';

async function currentUser(request: Request) {
  const { queryClient, trpc } = serverApi(request);
  return queryClient.fetchQuery(trpc.users.current.queryOptions());
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

/** /admin is for owners and admins: a visitor signs in first, any other member gets the 403 page. */
export async function requireOwnerOrAdmin(request: Request) {
  const user = await requireUser(request);
  if (!user.can.enterAdmin) throw data(Texts.http.forbidden, { status: 403 });
  return user;
}

/** Site settings are the owner's alone (docs/legacy-api.md §2.1): admins get the 403 page too. */
export async function requireOwner(request: Request) {
  const user = await requireOwnerOrAdmin(request);
  if (!user.can.administer) throw data(Texts.http.forbidden, { status: 403 });
  return user;
}

/** A page of a module the owner switched off is the site's 404 page, as if it did not exist. */
export async function requirePageEnabled(request: Request) {
  const { config } = await loadSession(request);
  const { pathname, search } = new URL(request.url);
  if (!isPathEnabled(config, pathname, search)) throw data(CommonTexts.pageNotFound, { status: 404 });
}

/** The same for a page whose module depends on what it shows (a topic or a tweet). */
export async function requireModule(request: Request, module: SiteModuleName) {
  const { config } = await loadSession(request);
  if (!isModuleEnabled(config, module)) throw data(CommonTexts.pageNotFound, { status: 404 });
}
