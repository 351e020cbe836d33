import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Route } from './+types/admin.links';
import { ConfirmDialog, buttonClass } from '~/components/Dialog';
import { CrudScreen, listInput, type Values } from '~/features/admin/CrudScreen';
import { useFilterPage } from '~/features/admin/kit';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { ExternalLink } from '~/components/ExternalLink';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '友情链接管理');

const FILTERS = [
  { name: 'title', label: '标题' },
  { name: 'url', label: '链接' },
] as const;

export default function AdminLinks() {
  const trpc = useTRPC();
  const screen = useFilterPage();
  const list = useQuery(trpc.adminLinks.list.queryOptions(listInput(screen, FILTERS)));
  const create = useMutation(trpc.adminLinks.create.mutationOptions());
  const update = useMutation(trpc.adminLinks.update.mutationOptions());
  const reorder = useMutation(trpc.adminLinks.reorder.mutationOptions());
  return (
    <CrudScreen
      title="友情链接"
      noun="友情链接"
      testId="admin-links"
      canEdit
      filters={FILTERS}
      list={list}
      screen={screen}
      columns={[
        { label: '标题', cell: (link) => link.title },
        {
          label: '链接',
          cell: (link) => (
            <ExternalLink href={link.url} className="break-all text-link">
              {link.url}
            </ExternalLink>
          ),
        },
        { label: '描述', cell: (link) => <span className="line-clamp-2">{link.summary}</span> },
      ]}
      fields={[
        { name: 'url', label: '链接' },
        { name: 'title', label: '标题' },
        { name: 'summary', label: '描述', kind: 'textarea' },
        { name: 'logo', label: 'Logo', hint: '图片地址，可留空' },
      ]}
      create={create.mutateAsync}
      update={update.mutateAsync}
      reorder={(ids) => reorder.mutateAsync({ ids })}
      formExtra={(values, setValues) => <DetectButton values={values} setValues={setValues} />}
    />
  );
}

/** 采集: fills title and description from the page at the address (after a confirmation). */
function DetectButton({ values, setValues }: { values: Values; setValues: (values: Values) => void }) {
  const trpc = useTRPC();
  const detect = useMutation(trpc.adminLinks.detect.mutationOptions());
  const [asking, setAsking] = useState(false);
  const run = () => {
    setAsking(false);
    detect.mutate(
      { url: values.url ?? '' },
      {
        onSuccess: (found) => {
          if (!found) {
            toast.error('未能读取该网页');
            return;
          }
          setValues({ ...values, title: found.title || values.title || '', summary: found.description });
          toast.success('采集成功');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass.plain}
        disabled={!values.url?.trim() || detect.isPending}
        onClick={() => setAsking(true)}
      >
        {detect.isPending ? '采集中…' : '采集标题和描述'}
      </button>
      <ConfirmDialog
        open={asking}
        message="确定采集吗，采集之后将覆盖现有内容?"
        onConfirm={run}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
