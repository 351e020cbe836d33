import { useMutation, useQuery } from '@tanstack/react-query';
import type { Route } from './+types/admin.projects';
import { CrudScreen, listInput } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { ExternalLink } from '~/components/ExternalLink';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '项目管理');

const FILTERS = [{ name: 'name', label: '名称' }] as const;

export default function AdminProjects() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const list = useQuery(trpc.adminProjects.list.queryOptions(listInput(screen, FILTERS)));
  const create = useMutation(trpc.adminProjects.create.mutationOptions());
  const update = useMutation(trpc.adminProjects.update.mutationOptions());
  return (
    <CrudScreen
      title="项目"
      noun="项目"
      testId="admin-projects"
      canEdit
      filters={FILTERS}
      list={list}
      screen={screen}
      columns={[
        { label: '名称', cell: (project) => project.name },
        { label: '标题', cell: (project) => <span className="line-clamp-2">{project.title}</span> },
        { label: '排序', cell: (project) => project.sortNo },
        {
          label: '主页',
          cell: (project) =>
            project.url ? (
              <ExternalLink href={project.url} className="break-all text-link">
                {project.url}
              </ExternalLink>
            ) : (
              '—'
            ),
        },
      ]}
      fields={[
        { name: 'name', label: '名称' },
        { name: 'title', label: '标题' },
        { name: 'logo', label: 'Logo', hint: '图片地址，可留空' },
        { name: 'url', label: '项目主页' },
        { name: 'docUrl', label: '文档地址' },
        { name: 'downloadUrl', label: '下载地址' },
        { name: 'content', label: '介绍', kind: 'textarea', hint: '支持 Markdown' },
        { name: 'sortNo', label: '排序', kind: 'number', hint: '数字小的排在前面，相同的新项目在前' },
      ]}
      create={create.mutateAsync}
      update={update.mutateAsync}
    />
  );
}
