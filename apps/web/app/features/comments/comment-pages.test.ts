import { describe, expect, it } from 'vitest';
import type { CommentItem } from '@forum/contracts';
import { commentPageOptions, mergeComments } from './comment-pages';

const comment = (id: number) => ({ id }) as CommentItem;

describe('comment pages', () => {
  it('asks for the next page only while there are more', () => {
    expect(commentPageOptions.getNextPageParam({ results: [], cursor: '40', hasMore: true })).toBe('40');
    expect(
      commentPageOptions.getNextPageParam({ results: [], cursor: '40', hasMore: false }),
    ).toBeUndefined();
  });

  it('shows new comments first and each comment once', () => {
    const pages = [{ results: [comment(5), comment(4)], cursor: '4', hasMore: false }];
    expect(mergeComments([comment(6), comment(5)], pages).map((c) => c.id)).toEqual([6, 5, 4]);
  });
});
