import type { CursorPage } from '@forum/contracts';
import { ListsTexts } from '~/texts/lists';

/** A load-more list: what is shown, where the next page starts, and whether there is one. */
export interface LoadMoreState<T> {
  results: T[];
  cursor: string | undefined;
  hasMore: boolean;
  loading: boolean;
}

export function initialLoadMore<T>(): LoadMoreState<T> {
  return { results: [], cursor: undefined, hasMore: true, loading: false };
}

/**
 * Appends the page asked for from `requestedCursor`. A page that no longer follows what is shown (a
 * repeated or late answer) is dropped, so no one appears twice.
 */
export function pageArrived<T>(
  state: LoadMoreState<T>,
  page: CursorPage<T>,
  requestedCursor: string | undefined,
): LoadMoreState<T> {
  if (state.cursor !== requestedCursor) return state;
  return {
    results: [...state.results, ...page.results],
    cursor: page.cursor,
    hasMore: page.hasMore,
    loading: false,
  };
}

/** A failed page ends the list (the original site did the same), so the button stops retrying. */
export function pageFailed<T>(state: LoadMoreState<T>): LoadMoreState<T> {
  return { ...state, hasMore: false, loading: false };
}

export function loadMoreLabel(state: Pick<LoadMoreState<unknown>, 'hasMore'>): string {
  return state.hasMore ? ListsTexts.loadMore.more : ListsTexts.loadMore.end;
}
