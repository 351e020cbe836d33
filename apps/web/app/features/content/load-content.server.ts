import { data } from 'react-router';
import { TopicType } from '@forum/contracts';
import { requireModule, requirePageEnabled } from '~/lib/guards.server';
import { dehydrateRequest, loadSession, serverApi } from '~/lib/trpc.server';
import { errorMessage } from '~/lib/api-error';
import { commentPageOptions } from '~/features/comments/comment-pages';
import { isMissing } from '~/features/lists/pagination';

/** Turns the API's refusal into the error page: 404 for a missing item, 403 with its message. */
function asPageError(error: unknown): unknown {
  if (isMissing(error)) return data('页面没找到', { status: 404 });
  if ((error as { data?: { code?: string } }).data?.code === 'FORBIDDEN')
    return data(errorMessage(error, 'forbidden'), { status: 403 });
  return error;
}

/**
 * Everything a topic page shows, fetched as the visitor: the topic (counting the view), the author's
 * card, recent likers, the first page of comments, and for a signed-in visitor whether they liked
 * and favourited it.
 */
export async function loadTopicPage(request: Request, id: number) {
  const { queryClient, trpc } = serverApi(request);
  const { user } = await loadSession(request);
  let topic;
  try {
    topic = await queryClient.fetchQuery(trpc.topics.byId.queryOptions({ id }));
  } catch (error) {
    throw asPageError(error);
  }
  await requireModule(request, topic.type === TopicType.Tweet ? 'tweet' : 'topic');
  const target = { entityType: 'topic', entityId: id } as const;
  await Promise.all([
    queryClient.prefetchQuery(trpc.users.profile.queryOptions({ id: topic.user.id })),
    queryClient.prefetchQuery(trpc.likes.recent.queryOptions(target)),
    queryClient.prefetchInfiniteQuery(trpc.comments.list.infiniteQueryOptions(target, commentPageOptions)),
    user &&
      queryClient.prefetchQuery(trpc.likes.likedAmong.queryOptions({ entityType: 'topic', entityIds: [id] })),
    user && queryClient.prefetchQuery(trpc.favorites.isFavorited.queryOptions(target)),
  ]);
  return { topic, dehydratedState: dehydrateRequest(request) };
}

/** The same for an article; a pending one is a 403 "文章审核中" for everyone but its author and admins. */
export async function loadArticlePage(request: Request, id: number) {
  await requirePageEnabled(request);
  const { queryClient, trpc } = serverApi(request);
  const { user } = await loadSession(request);
  let article;
  try {
    article = await queryClient.fetchQuery(trpc.articles.byId.queryOptions({ id }));
  } catch (error) {
    throw asPageError(error);
  }
  const target = { entityType: 'article', entityId: id } as const;
  await Promise.all([
    queryClient.prefetchQuery(trpc.users.profile.queryOptions({ id: article.user.id })),
    queryClient.prefetchInfiniteQuery(trpc.comments.list.infiniteQueryOptions(target, commentPageOptions)),
    user &&
      queryClient.prefetchQuery(
        trpc.likes.likedAmong.queryOptions({ entityType: 'article', entityIds: [id] }),
      ),
    user && queryClient.prefetchQuery(trpc.favorites.isFavorited.queryOptions(target)),
  ]);
  return { article, dehydratedState: dehydrateRequest(request) };
}
