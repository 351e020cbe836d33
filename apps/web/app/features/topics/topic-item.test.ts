import { describe, expect, it } from 'vitest';
import { chunkIds, isTweet, likeChanged, thumbnailColumns, topicHref, withoutSticky } from './topic-item';

describe('likeChanged', () => {
  it('adds one for a like', () => {
    expect(likeChanged({ liked: false, likeCount: 2 }, true)).toEqual({ liked: true, likeCount: 3 });
  });

  it('takes one away for an unlike', () => {
    expect(likeChanged({ liked: true, likeCount: 3 }, false)).toEqual({ liked: false, likeCount: 2 });
  });

  it('changes nothing when the state is already the one reported', () => {
    const state = { liked: true, likeCount: 3 };
    expect(likeChanged(state, true)).toBe(state);
  });

  it('never shows a negative count', () => {
    expect(likeChanged({ liked: true, likeCount: 0 }, false)).toEqual({ liked: false, likeCount: 0 });
  });
});

describe('thumbnailColumns', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 2],
    [5, 3],
    [9, 3],
  ])('%i pictures → %i columns', (count, columns) => {
    expect(thumbnailColumns(count)).toBe(columns);
  });
});

describe('chunkIds', () => {
  it('splits ids into groups the API accepts', () => {
    const ids = Array.from({ length: 230 }, (_, i) => i + 1);
    expect(chunkIds(ids).map((chunk) => chunk.length)).toEqual([100, 100, 30]);
    expect(chunkIds([])).toEqual([]);
  });
});

describe('links and kinds', () => {
  it('links a topic to its page and tells tweets apart', () => {
    expect(topicHref(12)).toBe('/topic/12');
    expect(isTweet({ type: 1 })).toBe(true);
    expect(isTweet({ type: 0 })).toBe(false);
  });
});

describe('withoutSticky', () => {
  it('leaves out the topics shown on top as sticky, keeping the order of the rest', () => {
    const list = [{ id: 5 }, { id: 4 }, { id: 3 }, { id: 2 }];
    expect(withoutSticky(list, [{ id: 4 }, { id: 2 }])).toEqual([{ id: 5 }, { id: 3 }]);
  });

  it('keeps the list as it is when nothing is sticky', () => {
    const list = [{ id: 1 }];
    expect(withoutSticky(list, [])).toBe(list);
  });
});
