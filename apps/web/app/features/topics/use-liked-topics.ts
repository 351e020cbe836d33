import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrentUser } from '~/features/users/session-hooks';
import { useTRPC } from '~/lib/trpc';
import { chunkIds } from './topic-item';

const allLiked = (answers: { data?: number[] }[]) => answers.flatMap((answer) => answer.data ?? []);

/**
 * Which of these topics the viewer liked. Lists come without the viewer's likes (they are the same
 * for everyone), so a signed-in viewer asks for them separately; a visitor liked nothing.
 */
export function useLikedTopics(ids: readonly number[]): ReadonlySet<number> {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const liked = useQueries({
    queries: (user ? chunkIds(ids) : []).map((entityIds) =>
      trpc.likes.likedAmong.queryOptions({ entityType: 'topic', entityIds }),
    ),
    combine: allLiked,
  });
  return useMemo(() => new Set(liked), [liked]);
}
