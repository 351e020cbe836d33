import type { Route } from './+types/project.$id';
import contentCss from '~/features/content/content.css?url';
import { ContentHtml } from '~/features/content/ContentHtml';
import { ItemDetail } from '~/features/lists/ItemDetail';
import { loadItemPage } from '~/features/lists/list-page.server';
import { projectHeading } from '~/features/projects/project-item';
import { pageMeta } from '~/lib/meta';
import { formatDateTime } from '~/lib/time';
import { ExternalLink } from '~/components/ExternalLink';
import { ProjectsTexts } from '~/texts/projects';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentCss }];

/** One project; a missing one is a 404. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadItemPage(request, params.id, ({ queryClient, trpc }, id) =>
    queryClient.fetchQuery(trpc.projects.byId.queryOptions({ id })),
  );

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(
    matches[0].loaderData.site,
    loaderData && ProjectsTexts.pageTitle(projectHeading(loaderData.item)),
  );

const buttonClass =
  'inline-flex h-9 items-center justify-center rounded-md border border-line px-4 text-sm text-body hover:border-accent hover:text-accent';

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { item: project } = loaderData;
  const addresses = [
    { label: ProjectsTexts.homepage, url: project.url },
    { label: ProjectsTexts.docs, url: project.docUrl },
    { label: ProjectsTexts.download, url: project.downloadUrl },
  ].filter((address) => address.url);
  return (
    <ItemDetail
      dehydratedState={loaderData.dehydratedState}
      testId="project-detail"
      logo={project.logo}
      title={projectHeading(project)}
      subtitle={
        <p className="mt-1 text-xs text-faint" suppressHydrationWarning>
          {ProjectsTexts.listedOn(formatDateTime(project.createTime))}
        </p>
      }
    >
      {project.content ? (
        <ContentHtml html={project.content} className="mt-5" testId="project-content" />
      ) : (
        project.summary && <p className="mt-5 text-sm leading-7 text-muted">{project.summary}</p>
      )}
      {addresses.length > 0 && (
        <div className="mt-6 flex flex-wrap gap-2 border-t border-line pt-5">
          {addresses.map((address, index) => (
            <ExternalLink
              key={address.label}
              href={address.url}
              className={
                index === 0
                  ? 'inline-flex h-9 items-center justify-center rounded-md bg-accent-fill px-4 text-sm font-medium text-white hover:bg-accent-strong'
                  : buttonClass
              }
            >
              {address.label}
            </ExternalLink>
          ))}
        </div>
      )}
    </ItemDetail>
  );
}
