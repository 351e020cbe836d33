import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import type { Route } from './+types/links';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { LinkList } from '~/features/links/LinkList';
import { pageParam } from '~/features/lists/pagination';
import { Pagination } from '~/features/lists/Pagination';
import { Sidebar } from '~/features/lists/Sidebar';
import { loadWithSidebar } from '~/features/lists/sidebar.server';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

/** The friend links, 20 a page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = pageParam(params.page);
  const { dehydratedState } = await loadWithSidebar(request, ({ queryClient, trpc }) =>
    queryClient.fetchQuery(trpc.links.list.queryOptions({ page })),
  );
  return { page, dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '友情链接');

export default function Links({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <div className="mx-auto flex max-w-[1200px] gap-3 px-2 py-3 md:px-4 md:py-4">
        <div className="min-w-0 flex-1">
          <LinksCard page={loaderData.page} />
        </div>
        <Sidebar friendLinks={false} />
      </div>
    </HydrationBoundary>
  );
}

function LinksCard({ page }: { page: number }) {
  const trpc = useTRPC();
  const links = useSuspenseQuery(trpc.links.list.queryOptions({ page })).data;
  return (
    <Card title="友情链接">
      {links.results.length === 0 ? (
        <EmptyState icon={<InboxIcon size={40} />} text="暂无友情链接" />
      ) : (
        <LinkList links={links.results} />
      )}
      <Pagination page={links} urlPrefix="/links/" />
    </Card>
  );
}
