import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { CursorPage } from '@forum/contracts';
import { pageArrived, pageFailed, type LoadMoreState } from '~/features/users/load-more';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';

export type LoadMoreList<T> = LoadMoreState<T> & { loadMore(): void };

/**
 * What each list of the tab's recent history entries had loaded, so that Back to a list after
 * load-more shows every page it had (and the scroll position, which React Router restores, finds
 * them there) rather than the first page again. In the browser only: the server renders first pages.
 */
const remembered = new Map<string, LoadMoreState<unknown>>();
const REMEMBERED_LISTS = 30;

function remember(key: string, state: LoadMoreState<unknown>): void {
  remembered.delete(key);
  remembered.set(key, { ...state, loading: false });
  for (const oldest of remembered.keys()) {
    if (remembered.size <= REMEMBERED_LISTS) break;
    remembered.delete(oldest);
  }
}

/**
 * A load-more list that starts from the page the server rendered. A failed page shows the error
 * and ends the list. Give the component a `key` per list, so another node or tag starts afresh,
 * and the same `listKey` as that key: the list's pages are kept with the history entry it was
 * loaded in, and come back with Back.
 */
export function useLoadMore<T>(
  first: CursorPage<T>,
  fetchPage: (cursor: string) => Promise<CursorPage<T>>,
  listKey = '',
): LoadMoreList<T> {
  const entry = `${useLocation().key}|${listKey}`;
  const [list, setList] = useState<LoadMoreState<T>>(() => {
    const kept = typeof window === 'undefined' ? undefined : remembered.get(entry);
    if (kept) return kept as LoadMoreState<T>;
    return { results: first.results, cursor: first.cursor, hasMore: first.hasMore, loading: false };
  });

  useEffect(() => {
    // Only what load-more added is worth keeping: a first page comes back from the cache anyway.
    if (list.results.length > first.results.length) remember(entry, list);
  }, [entry, first.results.length, list]);

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
