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
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.links;
const common = AdminTexts.common;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, texts.meta);

const FILTERS = [
  { name: 'title', label: common.title },
  { name: 'url', label: texts.url },
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
      title={texts.title}
      noun={texts.noun}
      testId="admin-links"
      canEdit
      filters={FILTERS}
      list={list}
      screen={screen}
      columns={[
        { label: common.title, cell: (link) => link.title },
        {
          label: texts.url,
          cell: (link) => (
            <ExternalLink href={link.url} className="break-all text-link">
              {link.url}
            </ExternalLink>
          ),
        },
        { label: common.description, cell: (link) => <span className="line-clamp-2">{link.summary}</span> },
      ]}
      fields={[
        { name: 'url', label: texts.url },
        { name: 'title', label: common.title },
        { name: 'summary', label: common.description, kind: 'textarea' },
        { name: 'logo', label: common.logo, hint: common.imageUrlHint },
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
            toast.error(texts.readFailed);
            return;
          }
          setValues({ ...values, title: found.title || values.title || '', summary: found.description });
          toast.success(texts.detected);
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
        {detect.isPending ? texts.detecting : texts.detect}
      </button>
      <ConfirmDialog
        open={asking}
        message={texts.confirmDetect}
        onConfirm={run}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
