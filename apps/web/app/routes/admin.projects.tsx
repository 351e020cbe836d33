import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminProjectItem } from '@forum/contracts';
import type { Route } from './+types/admin.projects';
import { CrudScreen, createOrUpdate, textsOf, type Values } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { intValue, statusFilter, statusValue, textFilter } from '~/features/admin/filters';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { ExternalLink } from '~/components/ExternalLink';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '项目管理');

const TEXT_FIELDS = ['name', 'title', 'logo', 'url', 'docUrl', 'downloadUrl', 'content'] as const;

export default function AdminProjects() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const list = useQuery(
    trpc.adminProjects.list.queryOptions({
      page: screen.page,
      name: textFilter(screen.filters.name),
      status: statusFilter(screen.filters.status),
    }),
  );
  const create = useMutation(trpc.adminProjects.create.mutationOptions());
  const update = useMutation(trpc.adminProjects.update.mutationOptions());
  const draftOf = (values: Values) => ({
    ...textsOf(values, TEXT_FIELDS),
    status: statusValue(values.status),
    sortNo: intValue(values.sortNo),
  });
  return (
    <CrudScreen<AdminProjectItem>
      title="项目"
      noun="项目"
      testId="admin-projects"
      canEdit
      filters={[{ name: 'name', label: '名称' }]}
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
      toValues={(project) => ({
        ...textsOf(project, TEXT_FIELDS),
        sortNo: String(project?.sortNo ?? 0),
      })}
      save={createOrUpdate(draftOf, create.mutateAsync, update.mutateAsync)}
    />
  );
}
