import { describe, expect, it } from 'vitest';
import type { CommentItem } from '@forum/contracts';
import { commentPageOptions, mergeComments, shownCommentIds } from './comment-pages';

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

  it('names the comments a page shows: its own and the replies that came with them', () => {
    const withReplies = {
      ...comment(9),
      replies: { results: [comment(11), comment(12)], cursor: '12', hasMore: true },
    } as CommentItem;
    const page = { results: [withReplies, comment(8)], cursor: '8', hasMore: false };
    expect(shownCommentIds(page)).toEqual([9, 11, 12, 8]);
  });
});
