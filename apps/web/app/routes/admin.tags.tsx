import { useMutation, useQuery } from '@tanstack/react-query';
import type { Route } from './+types/admin.tags';
import { CrudScreen, listInput } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { useCurrentUser } from '~/features/users/session-hooks';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '标签管理');

const FILTERS = [
  { name: 'id', label: '编号', kind: 'id' },
  { name: 'name', label: '名称' },
] as const;

export default function AdminTags() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const list = useQuery(trpc.adminTags.list.queryOptions(listInput(screen, FILTERS)));
  const canEdit = useCurrentUser()?.can.administer ?? false;
  const create = useMutation(trpc.adminTags.create.mutationOptions());
  const update = useMutation(trpc.adminTags.update.mutationOptions());
  return (
    <CrudScreen
      title="标签"
      noun="标签"
      testId="admin-tags"
      canEdit={canEdit}
      filters={FILTERS}
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
      create={create.mutateAsync}
      update={update.mutateAsync}
    />
  );
}
