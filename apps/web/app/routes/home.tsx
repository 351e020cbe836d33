import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/home';
import { NEWEST_NODE_ID } from '~/features/nodes/nodes';
import { loadTopicsPage } from '~/features/topics/load-topics.server';
import { ALL_TOPICS, TopicsPage } from '~/features/topics/TopicsPage';
import { pageMeta } from '~/lib/meta';

export const loader = ({ request }: Route.LoaderArgs) => loadTopicsPage(request, ALL_TOPICS);

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site);

/** The home page: the newest activity of the whole forum. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicsPage query={ALL_TOPICS} current={NEWEST_NODE_ID} />
    </HydrationBoundary>
  );
}
