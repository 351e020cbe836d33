import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import type { Route } from './+types/links';
import { LinkList } from '~/features/links/LinkList';
import { PagedCard } from '~/features/lists/PagedCard';
import { WithSidebar } from '~/features/lists/Sidebar';
import { loadListPage } from '~/features/lists/list-page.server';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { LinksTexts } from '~/texts/links';

/** The friend links, 20 a page. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadListPage(request, params.page, ({ queryClient, trpc }, page) =>
    queryClient.fetchQuery(trpc.links.list.queryOptions({ page })),
  );

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, LinksTexts.title);

export default function Links({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <WithSidebar friendLinks={false}>
        <LinksCard page={loaderData.page} />
      </WithSidebar>
    </HydrationBoundary>
  );
}

function LinksCard({ page }: { page: number }) {
  const trpc = useTRPC();
  const links = useSuspenseQuery(trpc.links.list.queryOptions({ page })).data;
  return (
    <PagedCard title={LinksTexts.title} empty={LinksTexts.empty} list={links} urlPrefix="/links/">
      {(rows) => <LinkList links={rows} />}
    </PagedCard>
  );
}
