import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/topics.node.recommend';
import { RECOMMEND_NODE_ID } from '~/features/nodes/nodes';
import { loadTopicsPage } from '~/features/topics/load-topics.server';
import { TopicsPage, type TopicsPageQuery } from '~/features/topics/TopicsPage';
import { pageMeta } from '~/lib/meta';
import { TopicsTexts } from '~/texts/topics';

const RECOMMENDED: TopicsPageQuery = { list: { recommend: true }, stickyNodeId: 0 };

export const loader = ({ request }: Route.LoaderArgs) => loadTopicsPage(request, RECOMMENDED);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, TopicsTexts.recommendTitle);

export default function RecommendedTopics({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicsPage query={RECOMMENDED} current={RECOMMEND_NODE_ID} />
    </HydrationBoundary>
  );
}
