import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import type { Route } from './+types/projects';
import { ProjectList } from '~/features/projects/ProjectList';
import { PagedCard } from '~/features/lists/PagedCard';
import { WithSidebar } from '~/features/lists/Sidebar';
import { loadListPage } from '~/features/lists/list-page.server';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { ProjectsTexts } from '~/texts/projects';

/** The projects, 20 a page. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadListPage(request, params.page, ({ queryClient, trpc }, page) =>
    queryClient.fetchQuery(trpc.projects.list.queryOptions({ page })),
  );

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, ProjectsTexts.title);

export default function Projects({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <WithSidebar>
        <ProjectsCard page={loaderData.page} />
      </WithSidebar>
    </HydrationBoundary>
  );
}

function ProjectsCard({ page }: { page: number }) {
  const trpc = useTRPC();
  const projects = useSuspenseQuery(trpc.projects.list.queryOptions({ page })).data;
  return (
    <PagedCard title={ProjectsTexts.title} empty={ProjectsTexts.empty} list={projects} urlPrefix="/projects/">
      {(rows) => <ProjectList projects={rows} />}
    </PagedCard>
  );
}
