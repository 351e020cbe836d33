import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/topics._index';
import { NEWEST_NODE_ID } from '~/features/nodes/nodes';
import { loadTopicsPage } from '~/features/topics/load-topics.server';
import { ALL_TOPICS, TopicsPage } from '~/features/topics/TopicsPage';
import { pageMeta } from '~/lib/meta';
import { TopicsTexts } from '~/texts/topics';

export const loader = ({ request }: Route.LoaderArgs) => loadTopicsPage(request, ALL_TOPICS);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, TopicsTexts.title);

export default function Topics({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicsPage query={ALL_TOPICS} current={NEWEST_NODE_ID} />
    </HydrationBoundary>
  );
}
