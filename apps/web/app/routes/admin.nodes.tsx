import { useMutation, useQuery } from '@tanstack/react-query';
import type { Route } from './+types/admin.nodes';
import { CrudScreen, listInput } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { useCurrentUser } from '~/features/users/session-hooks';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.nodes;
const common = AdminTexts.common;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.meta);

/** Every node on one page, so ordering moves a node among all of them. */
const NODES_PER_PAGE = 100;

const FILTERS = [{ name: 'name', label: common.name }] as const;

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
      title={texts.title}
      noun={texts.noun}
      testId="admin-nodes"
      canEdit={canEdit}
      filters={FILTERS}
      list={list}
      screen={screen}
      columns={[
        {
          label: texts.icon,
          cell: (node) =>
            node.logo ? <img src={node.logo} alt="" className="h-8 w-8 rounded object-cover" /> : common.none,
        },
        { label: common.name, cell: (node) => node.name },
        {
          label: common.description,
          cell: (node) => <span className="line-clamp-2">{node.description}</span>,
        },
        { label: common.sortNo, cell: (node) => node.sortNo },
      ]}
      fields={[
        { name: 'name', label: common.name },
        { name: 'description', label: common.description, kind: 'textarea' },
        { name: 'logo', label: texts.icon, hint: texts.iconHint },
        { name: 'sortNo', label: common.sortNo, kind: 'number', hint: common.sortHint },
      ]}
      create={create.mutateAsync}
      update={update.mutateAsync}
      reorder={(ids) => reorder.mutateAsync({ ids })}
    />
  );
}
