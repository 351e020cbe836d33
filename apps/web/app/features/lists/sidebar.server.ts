import { dehydrateRequest, serverApi, type ServerApi } from '~/lib/trpc.server';

/** What the right column shows, fetched with the page so it is in the server's HTML. */
export async function prefetchSidebar(request: Request): Promise<void> {
  const { queryClient, trpc } = serverApi(request);
  await Promise.all([
    queryClient.prefetchQuery(trpc.links.top.queryOptions()),
    queryClient.prefetchQuery(trpc.checkIn.rank.queryOptions()),
    queryClient.prefetchQuery(trpc.points.scoreRank.queryOptions()),
  ]);
}

/**
 * A page of one main thing (a list page, a link) beside the sidebar: fetches both and ships the
 * cache. The main fetch failing fails the page; the sidebar failing only empties the sidebar.
 */
export async function loadWithSidebar<T>(request: Request, fetchMain: (api: ServerApi) => Promise<T>) {
  const [main] = await Promise.all([fetchMain(serverApi(request)), prefetchSidebar(request)]);
  return { main, dehydratedState: dehydrateRequest(request) };
}
