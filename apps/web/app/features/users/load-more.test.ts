import { describe, expect, it } from 'vitest';
import { initialLoadMore, loadMoreLabel, pageArrived, pageFailed } from './load-more';

describe('load-more list', () => {
  it('appends pages and keeps the cursor of the last one', () => {
    let state = initialLoadMore<number>();
    expect(loadMoreLabel(state)).toBe('查看更多');
    state = pageArrived(state, { results: [1, 2], cursor: '2', hasMore: true }, undefined);
    state = pageArrived(state, { results: [3], cursor: '3', hasMore: false }, '2');
    expect(state).toEqual({ results: [1, 2, 3], cursor: '3', hasMore: false, loading: false });
    expect(loadMoreLabel(state)).toBe('到底啦');
  });

  it('drops a page that does not follow what is shown', () => {
    const first = pageArrived(
      initialLoadMore<number>(),
      { results: [1], cursor: '1', hasMore: true },
      undefined,
    );
    expect(pageArrived(first, { results: [1], cursor: '1', hasMore: true }, undefined)).toBe(first);
  });

  it('stops after a failed page and keeps what was shown', () => {
    const state = pageFailed({ results: [1], cursor: '1', hasMore: true, loading: true });
    expect(state).toEqual({ results: [1], cursor: '1', hasMore: false, loading: false });
  });
});
