import { useCallback, useState } from 'react';
import type { CursorPage } from '@forum/contracts';
import { pageArrived, pageFailed, type LoadMoreState } from '~/features/users/load-more';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';

export type LoadMoreList<T> = LoadMoreState<T> & { loadMore(): void };

/**
 * A "查看更多" list that starts from the page the server rendered. A failed page shows the error
 * and ends the list. Give the component a `key` per list, so another node or tag starts afresh.
 */
export function useLoadMore<T>(
  first: CursorPage<T>,
  fetchPage: (cursor: string) => Promise<CursorPage<T>>,
): LoadMoreList<T> {
  const [list, setList] = useState<LoadMoreState<T>>(() => ({
    results: first.results,
    cursor: first.cursor,
    hasMore: first.hasMore,
    loading: false,
  }));

  const loadMore = useCallback(() => {
    const cursor = list.cursor;
    if (list.loading || !list.hasMore || cursor === undefined) return;
    setList((state) => ({ ...state, loading: true }));
    fetchPage(cursor)
      .then((page) => setList((state) => pageArrived(state, page, cursor)))
      .catch((error: unknown) => {
        toast.error(errorMessage(error));
        setList(pageFailed);
      });
  }, [fetchPage, list.cursor, list.hasMore, list.loading]);

  return { ...list, loadMore };
}
