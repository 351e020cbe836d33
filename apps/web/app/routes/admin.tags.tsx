import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminTagItem } from '@forum/contracts';
import type { Route } from './+types/admin.tags';
import { CrudScreen, createOrUpdate, textsOf, type Values } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { intValue, statusFilter, statusValue, textFilter } from '~/features/admin/filters';
import { useCurrentUser } from '~/features/users/session-hooks';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '标签管理');

const TEXT_FIELDS = ['name', 'description'] as const;

export default function AdminTags() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const list = useQuery(
    trpc.adminTags.list.queryOptions({
      page: screen.page,
      id: intValue(screen.filters.id) || undefined,
      name: textFilter(screen.filters.name),
      status: statusFilter(screen.filters.status),
    }),
  );
  const canEdit = useCurrentUser()?.can.administer ?? false;
  const create = useMutation(trpc.adminTags.create.mutationOptions());
  const update = useMutation(trpc.adminTags.update.mutationOptions());
  const draftOf = (values: Values) => ({
    ...textsOf(values, TEXT_FIELDS),
    status: statusValue(values.status),
  });
  return (
    <CrudScreen<AdminTagItem>
      title="标签"
      noun="标签"
      testId="admin-tags"
      canEdit={canEdit}
      filters={[
        { name: 'id', label: '编号' },
        { name: 'name', label: '名称' },
      ]}
      list={list}
      screen={screen}
      columns={[
        { label: '名称', cell: (tag) => tag.name },
        { label: '描述', cell: (tag) => <span className="line-clamp-2">{tag.description}</span> },
      ]}
      fields={[
        { name: 'name', label: '名称' },
        { name: 'description', label: '描述', kind: 'textarea' },
      ]}
      toValues={(tag) => textsOf(tag, TEXT_FIELDS)}
      save={createOrUpdate(draftOf, create.mutateAsync, update.mutateAsync)}
    />
  );
}
