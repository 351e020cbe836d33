/** Small rules of a topic list item, kept apart from the markup so they can be tested. */
import { TopicType, type TopicItem } from '@forum/contracts';

export const topicHref = (id: number) => `/topic/${id}`;

export const isTweet = (topic: Pick<TopicItem, 'type'>) => topic.type === TopicType.Tweet;

/** The like shown on a button: whether the viewer liked it, and the count. */
export interface LikeState {
  liked: boolean;
  likeCount: number;
}

/** After a like or an unlike went through. The count never shows below zero. */
export function likeChanged(state: LikeState, liked: boolean): LikeState {
  if (state.liked === liked) return state;
  return { liked, likeCount: Math.max(0, state.likeCount + (liked ? 1 : -1)) };
}

/**
 * Thumbnail grid of a tweet: one picture is shown larger, two or four in two columns, otherwise
 * three columns (at most nine pictures).
 */
export function thumbnailColumns(count: number): 1 | 2 | 3 {
  if (count <= 1) return 1;
  if (count === 2 || count === 4) return 2;
  return 3;
}

/** The viewer's likes are asked for at most this many ids at a time (the API's limit). */
export const LIKED_AMONG_MAX = 100;

export function chunkIds(ids: readonly number[], size = LIKED_AMONG_MAX): number[][] {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

/** A list under the sticky topics leaves out the ones already shown on top, so none shows twice. */
export function withoutSticky<T extends { id: number }>(topics: T[], sticky: readonly { id: number }[]): T[] {
  if (sticky.length === 0) return topics;
  const shown = new Set(sticky.map((topic) => topic.id));
  return topics.filter((topic) => !shown.has(topic.id));
}
