import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import type { Route } from './+types/projects';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { ProjectList } from '~/features/projects/ProjectList';
import { pageParam } from '~/features/lists/pagination';
import { Pagination } from '~/features/lists/Pagination';
import { Sidebar } from '~/features/lists/Sidebar';
import { loadWithSidebar } from '~/features/lists/sidebar.server';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

/** The projects, 20 a page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = pageParam(params.page);
  const { dehydratedState } = await loadWithSidebar(request, ({ queryClient, trpc }) =>
    queryClient.fetchQuery(trpc.projects.list.queryOptions({ page })),
  );
  return { page, dehydratedState };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '开源项目');

export default function Projects({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <div className="mx-auto flex max-w-[1200px] gap-3 px-2 py-3 md:px-4 md:py-4">
        <div className="min-w-0 flex-1">
          <ProjectsCard page={loaderData.page} />
        </div>
        <Sidebar />
      </div>
    </HydrationBoundary>
  );
}

function ProjectsCard({ page }: { page: number }) {
  const trpc = useTRPC();
  const projects = useSuspenseQuery(trpc.projects.list.queryOptions({ page })).data;
  return (
    <Card title="开源项目">
      {projects.results.length === 0 ? (
        <EmptyState icon={<InboxIcon size={40} />} text="暂无项目" />
      ) : (
        <ProjectList projects={projects.results} />
      )}
      <Pagination page={projects} urlPrefix="/projects/" />
    </Card>
  );
}
