import { TopicType } from '@forum/contracts';
import { fetchDetail, prefetchDetailExtras } from '~/features/content/load-content.server';
import { requireModule } from '~/lib/guards.server';
import { dehydrateRequest, serverApi } from '~/lib/trpc.server';

/**
 * Everything a topic page shows, fetched as the visitor: the topic (counting the view), the author's
 * card, recent likers, the first page of comments, and for a signed-in visitor whether they liked,
 * favourited and watch it.
 */
export async function loadTopicPage(request: Request, id: number) {
  const { item: topic, signedIn } = await fetchDetail(request, ({ queryClient, trpc }) =>
    queryClient.fetchQuery(trpc.topics.byId.queryOptions({ id })),
  );
  await requireModule(request, topic.type === TopicType.Tweet ? 'tweet' : 'topic');
  const target = { entityType: 'topic', entityId: id } as const;
  const { queryClient, trpc } = serverApi(request);
  await Promise.all([
    prefetchDetailExtras(request, target, topic.user.id, signedIn),
    queryClient.prefetchQuery(trpc.likes.recent.queryOptions(target)),
    signedIn && queryClient.prefetchQuery(trpc.watches.isWatching.queryOptions({ topicId: id })),
  ]);
  return { topic, dehydratedState: dehydrateRequest(request) };
}
