import { useRef, useState } from 'react';
import type { CommentItem, CursorPage } from '@forum/contracts';
import { useLiveConnection, useLiveEvent, useWatchEntity } from '~/features/live/LiveProvider';
import { useTRPCClient } from '~/lib/trpc';

export interface LiveComments {
  /** Top-level comments that arrived while the page was open, newest first. */
  comments: CommentItem[];
  /** Replies that arrived, by the id of their thread's top-level comment, oldest first. */
  replies: ReadonlyMap<number, CommentItem[]>;
  /** Ids of everything that arrived live, to highlight. */
  arrived: ReadonlySet<number>;
}

/** The newest comment id a first page shows, replies included. */
export function newestCommentId(page: CursorPage<CommentItem> | undefined): number {
  let newest = 0;
  for (const comment of page?.results ?? []) {
    newest = Math.max(newest, comment.id, ...(comment.replies?.results ?? []).map((reply) => reply.id));
  }
  return newest;
}

/**
 * Comments and replies that others post while a topic or article is open. Each `comment:new` push
 * is fetched and added once. When the socket comes back after being lost, the first page is read
 * again and whatever is newer than the newest comment this page knew is added, so a reader who was
 * offline misses nothing and sees nothing twice (comment ids only grow).
 */
export function useLiveComments(
  entityType: 'topic' | 'article',
  entityId: number,
  firstPage: CursorPage<CommentItem> | undefined,
): LiveComments {
  const client = useTRPCClient();
  const [live, setLive] = useState<LiveComments>({ comments: [], replies: new Map(), arrived: new Set() });
  const newestSeen = useRef(0);
  newestSeen.current = Math.max(newestSeen.current, newestCommentId(firstPage));

  const add = (item: CommentItem, parentId: number) => {
    newestSeen.current = Math.max(newestSeen.current, item.id);
    setLive((old) => {
      if (old.arrived.has(item.id)) return old;
      const arrived = new Set(old.arrived).add(item.id);
      if (parentId === 0) {
        const comments = [item, ...old.comments].sort((a, b) => b.id - a.id);
        return { ...old, comments, arrived };
      }
      const replies = new Map(old.replies);
      replies.set(
        parentId,
        [...(replies.get(parentId) ?? []), item].sort((a, b) => a.id - b.id),
      );
      return { ...old, replies, arrived };
    });
  };

  useWatchEntity(entityType, entityId);
  useLiveEvent('comment:new', (event) => {
    if (event.entityType !== entityType || event.entityId !== entityId) return;
    client.comments.get.query({ id: event.commentId }).then(
      (item) => add(item, event.parentId),
      () => undefined, // deleted again meanwhile: nothing to show
    );
  });
  useLiveConnection({
    onReconnect: () => {
      const since = newestSeen.current;
      client.comments.list.query({ entityType, entityId }).then(
        (page) => {
          for (const comment of page.results) {
            // A new comment brings its replies with it.
            if (comment.id > since) add(comment, 0);
            else
              for (const reply of comment.replies?.results ?? [])
                if (reply.id > since) add(reply, comment.id);
          }
        },
        () => undefined, // the next reconnect tries again
      );
    },
  });
  return live;
}
