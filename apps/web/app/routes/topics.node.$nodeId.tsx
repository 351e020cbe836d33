import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/topics.node.$nodeId';
import { loadNode, loadTopicsPage } from '~/features/topics/load-topics.server';
import { ListHeader, TopicsPage, type TopicsPageQuery } from '~/features/topics/TopicsPage';
import { pageMeta } from '~/lib/meta';
import { TopicsTexts } from '~/texts/topics';

const nodeQuery = (nodeId: number): TopicsPageQuery => ({ list: { nodeId }, stickyNodeId: nodeId });

/** One node's topics under its own sticky topics; an unknown node is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const node = await loadNode(request, params.nodeId);
  const page = await loadTopicsPage(request, nodeQuery(node.id));
  return { node, dehydratedState: page.dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches[0].loaderData.site, loaderData && TopicsTexts.nodePageTitle(loaderData.node.name));

export default function NodeTopics({ loaderData }: Route.ComponentProps) {
  const { node } = loaderData;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicsPage
        query={nodeQuery(node.id)}
        current={node.id}
        header={<ListHeader title={node.name} description={node.description} />}
      />
    </HydrationBoundary>
  );
}
