import type { ReactNode } from 'react';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import type { PageInfo } from './pagination';
import { Pagination } from './Pagination';

/** A card of one numbered page of a list: `empty` when it has no rows, else `children(rows)`; then the pager. */
export function PagedCard<Row>({
  title,
  empty,
  list,
  urlPrefix,
  children,
}: {
  title: string;
  empty: string;
  list: PageInfo & { results: Row[] };
  urlPrefix: string;
  children: (rows: Row[]) => ReactNode;
}) {
  return (
    <Card title={title}>
      {list.results.length === 0 ? (
        <EmptyState icon={<InboxIcon size={40} />} text={empty} />
      ) : (
        children(list.results)
      )}
      <Pagination page={list} urlPrefix={urlPrefix} />
    </Card>
  );
}
