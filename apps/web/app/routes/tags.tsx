import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import type { Route } from './+types/tags';
import { PagedCard } from '~/features/lists/PagedCard';
import { WithSidebar } from '~/features/lists/Sidebar';
import { loadListPage } from '~/features/lists/list-page.server';
import { TagChips } from '~/features/tags/TagChips';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { TagsTexts } from '~/texts/tags';

/** Every tag, 200 a page. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadListPage(request, params.page, ({ queryClient, trpc }, page) =>
    queryClient.fetchQuery(trpc.tags.list.queryOptions({ page })),
  );

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, TagsTexts.title);

export default function Tags({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <WithSidebar>
        <TagsCard page={loaderData.page} />
      </WithSidebar>
    </HydrationBoundary>
  );
}

function TagsCard({ page }: { page: number }) {
  const trpc = useTRPC();
  const tags = useSuspenseQuery(trpc.tags.list.queryOptions({ page })).data;
  return (
    <PagedCard title={TagsTexts.title} empty={TagsTexts.empty} list={tags} urlPrefix="/tags/">
      {(rows) => <TagChips tags={rows} />}
    </PagedCard>
  );
}
