import { HydrationBoundary } from '@tanstack/react-query';
import type { Route } from './+types/topics.tag.$tagId';
import { NEWEST_NODE_ID } from '~/features/nodes/nodes';
import { loadTag } from '~/features/tags/load-tag.server';
import { loadTopicsPage } from '~/features/topics/load-topics.server';
import { ListHeader, TopicsPage, type TopicsPageQuery } from '~/features/topics/TopicsPage';
import { pageMeta } from '~/lib/meta';
import { TopicsTexts } from '~/texts/topics';

const tagQuery = (tagId: number): TopicsPageQuery => ({ list: { tagId }, stickyNodeId: null });

/** The topics of one tag (no sticky topics over them); an unknown tag is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const tag = await loadTag(request, params.tagId);
  const page = await loadTopicsPage(request, tagQuery(tag.id));
  return { tagId: tag.id, tagName: tag.name, dehydratedState: page.dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches[0].loaderData.site, loaderData && TopicsTexts.tagPageTitle(loaderData.tagName));

export default function TagTopics({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <TopicsPage
        query={tagQuery(loaderData.tagId)}
        current={NEWEST_NODE_ID}
        header={<ListHeader title={TopicsTexts.tagTitle(loaderData.tagName)} />}
      />
    </HydrationBoundary>
  );
}
