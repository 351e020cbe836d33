import { useMutation, useQuery } from '@tanstack/react-query';
import type { Route } from './+types/admin.nodes';
import { CrudScreen, listInput } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { useCurrentUser } from '~/features/users/session-hooks';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '节点管理');

/** Every node on one page, so ordering moves a node among all of them. */
const NODES_PER_PAGE = 100;

const FILTERS = [{ name: 'name', label: '名称' }] as const;

export default function AdminNodes() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const list = useQuery(
    trpc.adminNodes.list.queryOptions({ ...listInput(screen, FILTERS), limit: NODES_PER_PAGE }),
  );
  const canEdit = useCurrentUser()?.can.administer ?? false;
  const create = useMutation(trpc.adminNodes.create.mutationOptions());
  const update = useMutation(trpc.adminNodes.update.mutationOptions());
  const reorder = useMutation(trpc.adminNodes.reorder.mutationOptions());
  return (
    <CrudScreen
      title="节点"
      noun="节点"
      testId="admin-nodes"
      canEdit={canEdit}
      filters={FILTERS}
      list={list}
      screen={screen}
      columns={[
        {
          label: '图标',
          cell: (node) =>
            node.logo ? <img src={node.logo} alt="" className="h-8 w-8 rounded object-cover" /> : '—',
        },
        { label: '名称', cell: (node) => node.name },
        { label: '描述', cell: (node) => <span className="line-clamp-2">{node.description}</span> },
        { label: '排序', cell: (node) => node.sortNo },
      ]}
      fields={[
        { name: 'name', label: '名称' },
        { name: 'description', label: '描述', kind: 'textarea' },
        { name: 'logo', label: '图标', hint: '图片地址' },
        { name: 'sortNo', label: '排序', kind: 'number', hint: '数字小的排在前面' },
      ]}
      create={create.mutateAsync}
      update={update.mutateAsync}
      reorder={(ids) => reorder.mutateAsync({ ids })}
    />
  );
}
