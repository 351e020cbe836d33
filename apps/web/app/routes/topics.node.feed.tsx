import { HydrationBoundary } from '@tanstack/react-query';
import { TextsNodes } from '@forum/contracts';
import type { Route } from './+types/topics.node.feed';
import { FEED_NODE_ID } from '~/features/nodes/nodes';
import { loadTopicsPage } from '~/features/topics/load-topics.server';
import { FOLLOW_FEED, TopicsPage } from '~/features/topics/TopicsPage';
import { requireUser } from '~/lib/guards.server';
import { pageMeta } from '~/lib/meta';

/** The follow feed is personal: a visitor is sent to sign in first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return loadTopicsPage(request, FOLLOW_FEED);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, TextsNodes.virtual.feed);

export default function FollowedTopics({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicsPage query={FOLLOW_FEED} current={FEED_NODE_ID} />
    </HydrationBoundary>
  );
}
