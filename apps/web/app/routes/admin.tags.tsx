import { useMutation, useQuery } from '@tanstack/react-query';
import type { Route } from './+types/admin.tags';
import { CrudScreen, listInput } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { useCurrentUser } from '~/features/users/session-hooks';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.tags;
const common = AdminTexts.common;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.meta);

const FILTERS = [
  { name: 'id', label: common.id, kind: 'id' },
  { name: 'name', label: common.name },
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
      title={texts.title}
      noun={texts.noun}
      testId="admin-tags"
      canEdit={canEdit}
      filters={FILTERS}
      list={list}
      screen={screen}
      columns={[
        { label: common.name, cell: (tag) => tag.name },
        { label: common.description, cell: (tag) => <span className="line-clamp-2">{tag.description}</span> },
      ]}
      fields={[
        { name: 'name', label: common.name },
        { name: 'description', label: common.description, kind: 'textarea' },
      ]}
      create={create.mutateAsync}
      update={update.mutateAsync}
    />
  );
}
