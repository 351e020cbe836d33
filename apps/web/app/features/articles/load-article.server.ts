import { fetchDetail, prefetchDetailExtras } from '~/features/content/load-content.server';
import { requirePageEnabled } from '~/lib/guards.server';
import { dehydrateRequest } from '~/lib/trpc.server';

/**
 * Everything an article page shows, fetched as the visitor (the topic page's, without recent likers);
 * a pending one is a 403 (`Texts.articles.pendingReview`) for everyone but its author and admins.
 */
export async function loadArticlePage(request: Request, id: number) {
  await requirePageEnabled(request);
  const { item: article, signedIn } = await fetchDetail(request, ({ queryClient, trpc }) =>
    queryClient.fetchQuery(trpc.articles.byId.queryOptions({ id })),
  );
  const target = { entityType: 'article', entityId: id } as const;
  await prefetchDetailExtras(request, target, article.user.id, signedIn);
  return { article, dehydratedState: dehydrateRequest(request) };
}
