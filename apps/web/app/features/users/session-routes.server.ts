import { redirect } from 'react-router';
import { refLocation } from '~/lib/ref';
import { dehydrateRequest, loadSession, serverApi } from '~/lib/trpc.server';

/**
 * Loader of the sign-in and sign-up pages: someone already signed in goes straight back to `ref`;
 * otherwise the third-party providers are rendered with the page.
 */
export async function loadSignInPage(request: Request) {
  const { user } = await loadSession(request);
  const ref = new URL(request.url).searchParams.get('ref');
  // A header carries the way back: `ref` may hold characters only a percent-encoding can (中文).
  if (user) throw redirect(refLocation(ref));
  const { queryClient, trpc } = serverApi(request);
  await queryClient.prefetchQuery(trpc.oauth.providers.queryOptions());
  return { dehydratedState: dehydrateRequest(request) };
}
