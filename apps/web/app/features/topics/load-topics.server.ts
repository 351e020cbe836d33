import { data } from 'react-router';
import { prefetchSidebar } from '~/features/lists/sidebar.server';
import { requirePageEnabled } from '~/lib/guards.server';
import { dehydrateRequest, loadSession, serverApi } from '~/lib/trpc.server';
import { CommonTexts } from '~/texts/common';
import { chunkIds } from './topic-item';
import type { TopicsPageQuery } from './TopicsPage';

/**
 * Everything a topic list page renders, fetched as the visitor sees it and shipped with the page:
 * the first page, the sticky topics, the node dock, the sidebar, and the viewer's likes among them.
 */
export async function loadTopicsPage(request: Request, query: TopicsPageQuery) {
  await requirePageEnabled(request);
  const { queryClient, trpc } = serverApi(request);
  const [{ user }, first, sticky] = await Promise.all([
    loadSession(request),
    query.feed
      ? queryClient.fetchQuery(trpc.topics.feed.queryOptions({}))
      : queryClient.fetchQuery(trpc.topics.list.queryOptions(query.list)),
    query.stickyNodeId === null
      ? []
      : queryClient.fetchQuery(trpc.topics.sticky.queryOptions({ nodeId: query.stickyNodeId })),
    queryClient.prefetchQuery(trpc.nodes.list.queryOptions()),
    prefetchSidebar(request),
  ]);
  if (user) {
    // The same id groups the lists ask for, so the browser finds the answers in the cache.
    const groups = [sticky, first.results].flatMap((topics) => chunkIds(topics.map((topic) => topic.id)));
    await Promise.all(
      groups.map((entityIds) =>
        queryClient.prefetchQuery(trpc.likes.likedAmong.queryOptions({ entityType: 'topic', entityIds })),
      ),
    );
  }
  return { first, dehydratedState: dehydrateRequest(request) };
}

/** A node of the dock by id, or a 404 when there is no such shown node. */
export async function loadNode(request: Request, value: string | undefined) {
  const { queryClient, trpc } = serverApi(request);
  const id = Number(value);
  const nodes = /^\d{1,9}$/.test(value ?? '')
    ? await queryClient.fetchQuery(trpc.nodes.list.queryOptions())
    : [];
  const node = nodes.find((candidate) => candidate.id === id);
  if (!node) throw data(CommonTexts.pageNotFound, { status: 404 });
  return node;
}
