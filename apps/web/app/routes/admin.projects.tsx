import { useMutation, useQuery } from '@tanstack/react-query';
import type { Route } from './+types/admin.projects';
import { CrudScreen, listInput } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { ExternalLink } from '~/components/ExternalLink';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.projects;
const common = AdminTexts.common;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.meta);

const FILTERS = [{ name: 'name', label: common.name }] as const;

export default function AdminProjects() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const list = useQuery(trpc.adminProjects.list.queryOptions(listInput(screen, FILTERS)));
  const create = useMutation(trpc.adminProjects.create.mutationOptions());
  const update = useMutation(trpc.adminProjects.update.mutationOptions());
  return (
    <CrudScreen
      title={texts.title}
      noun={texts.noun}
      testId="admin-projects"
      canEdit
      filters={FILTERS}
      list={list}
      screen={screen}
      columns={[
        { label: common.name, cell: (project) => project.name },
        { label: common.title, cell: (project) => <span className="line-clamp-2">{project.title}</span> },
        { label: common.sortNo, cell: (project) => project.sortNo },
        {
          label: texts.homepage,
          cell: (project) =>
            project.url ? (
              <ExternalLink href={project.url} className="break-all text-link">
                {project.url}
              </ExternalLink>
            ) : (
              common.none
            ),
        },
      ]}
      fields={[
        { name: 'name', label: common.name },
        { name: 'title', label: common.title },
        { name: 'logo', label: common.logo, hint: common.imageUrlHint },
        { name: 'url', label: texts.url },
        { name: 'docUrl', label: texts.docUrl },
        { name: 'downloadUrl', label: texts.downloadUrl },
        { name: 'content', label: texts.content, kind: 'textarea', hint: texts.contentHint },
        { name: 'sortNo', label: common.sortNo, kind: 'number', hint: texts.sortHint },
      ]}
      create={create.mutateAsync}
      update={update.mutateAsync}
    />
  );
}
