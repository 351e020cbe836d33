import { serverApi } from '~/lib/trpc.server';

/** The first page of a user's topics or articles (`?tab=articles`), for the personal page. */
export function prefetchUserContent(request: Request, userId: number): Promise<void> {
  const { queryClient, trpc } = serverApi(request);
  const tab = new URL(request.url).searchParams.get('tab');
  return tab === 'articles'
    ? queryClient.prefetchQuery(trpc.articles.byUser.queryOptions({ userId }))
    : queryClient.prefetchQuery(trpc.topics.byUser.queryOptions({ userId }));
}
