import { prefetchSidebar } from '~/features/lists/sidebar.server';
import { requirePageEnabled } from '~/lib/guards.server';
import { dehydrateRequest, serverApi } from '~/lib/trpc.server';

/** The first page of all articles, or of one tag's, with the sidebar, shipped with the page. */
export async function loadArticlesPage(request: Request, tagId?: number) {
  await requirePageEnabled(request);
  const { queryClient, trpc } = serverApi(request);
  const [first] = await Promise.all([
    tagId
      ? queryClient.fetchQuery(trpc.articles.byTag.queryOptions({ tagId }))
      : queryClient.fetchQuery(trpc.articles.list.queryOptions({})),
    prefetchSidebar(request),
  ]);
  return { first, dehydratedState: dehydrateRequest(request) };
}
