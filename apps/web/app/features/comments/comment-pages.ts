import type { CommentItem, CursorPage } from '@forum/contracts';
import { chunkIds } from '~/features/topics/topic-item';

/** Comment pages continue from the cursor the API returned, while it says there are more. */
export const commentPageOptions = {
  getNextPageParam: (page: CursorPage<unknown>) => (page.hasMore ? page.cursor : undefined),
};

/**
 * The comments to show, newest first: those the visitor just posted, then the loaded pages, each
 * comment once (a new comment may also arrive in a page loaded later).
 */
export function mergeComments(created: readonly CommentItem[], pages: readonly CursorPage<CommentItem>[]) {
  const seen = new Set<number>();
  const merged: CommentItem[] = [];
  for (const comment of [...created, ...pages.flatMap((page) => page.results)]) {
    if (seen.has(comment.id)) continue;
    seen.add(comment.id);
    merged.push(comment);
  }
  return merged;
}

/** A thread's loaded replies followed by those that arrived live and are not among them. */
export function withArrivedReplies(
  loaded: CursorPage<CommentItem>,
  arrived: readonly CommentItem[],
): CursorPage<CommentItem> {
  const known = new Set(loaded.results.map((reply) => reply.id));
  const fresh = arrived.filter((reply) => !known.has(reply.id));
  return fresh.length ? { ...loaded, results: [...loaded.results, ...fresh] } : loaded;
}

/** The comments a page shows at once: its own and the replies that came with them. */
export function shownCommentIds(page: CursorPage<CommentItem>): number[] {
  return page.results.flatMap((comment) => [
    comment.id,
    ...(comment.replies?.results.map((reply) => reply.id) ?? []),
  ]);
}

/**
 * The `likes.likedAmong` inputs that ask which of these comments the reader liked, in as few
 * questions as the API allows.
 */
export function commentLikeInputs(ids: readonly number[]): { entityType: 'comment'; entityIds: number[] }[] {
  return chunkIds(ids).map((entityIds) => ({ entityType: 'comment', entityIds }));
}
