import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import type { Route } from './+types/tags';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { pageParam } from '~/features/lists/pagination';
import { Pagination } from '~/features/lists/Pagination';
import { Sidebar } from '~/features/lists/Sidebar';
import { loadWithSidebar } from '~/features/lists/sidebar.server';
import { TagChips } from '~/features/tags/TagChips';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

/** Every tag, 200 a page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = pageParam(params.page);
  const { dehydratedState } = await loadWithSidebar(request, ({ queryClient, trpc }) =>
    queryClient.fetchQuery(trpc.tags.list.queryOptions({ page })),
  );
  return { page, dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '标签');

export default function Tags({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <div className="mx-auto flex max-w-[1200px] gap-3 px-2 py-3 md:px-4 md:py-4">
        <div className="min-w-0 flex-1">
          <TagsCard page={loaderData.page} />
        </div>
        <Sidebar />
      </div>
    </HydrationBoundary>
  );
}

function TagsCard({ page }: { page: number }) {
  const trpc = useTRPC();
  const tags = useSuspenseQuery(trpc.tags.list.queryOptions({ page })).data;
  return (
    <Card title="标签">
      {tags.results.length === 0 ? (
        <EmptyState icon={<InboxIcon size={40} />} text="暂无标签" />
      ) : (
        <TagChips tags={tags.results} />
      )}
      <Pagination page={tags} urlPrefix="/tags/" />
    </Card>
  );
}
