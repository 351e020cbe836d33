import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LikeEntityType } from '@forum/contracts';
import { HeartIcon } from '~/components/icons';
import { likeChanged, type LikeState } from '~/features/topics/topic-item';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { actionClass } from './EntityActions';
import { useSignInGate } from './use-sign-in-gate';

/**
 * Whether the reader liked one topic or article, for a detail page (a list asks for all its rows at
 * once: `useLikedTopics`). False for a visitor and while the reader is not yet known.
 */
export function useLiked(entityType: LikeEntityType, entityId: number): boolean {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const likedQuery = useQuery({
    ...trpc.likes.likedAmong.queryOptions({ entityType, entityIds: [entityId] }),
    enabled: !!user,
  });
  return likedQuery.data?.includes(entityId) ?? false;
}

/**
 * "赞" / "已赞" with the count; a second press takes the like back, and a visitor is sent to sign in.
 * `liked` and `likeCount` are what the page read; what the reader did here wins over them. A list row
 * (`variant="row"`) is a small text button that hides a zero count and says so when a like is taken
 * back; a detail page's (`variant="pill"`) is a pill that always shows its count.
 */
export function LikeButton({
  entityType,
  entityId,
  liked,
  likeCount,
  variant,
  onCountChange,
}: {
  entityType: LikeEntityType;
  entityId: number;
  variant: 'row' | 'pill';
  /** Told the count after the reader's own like or unlike. */
  onCountChange?: (likeCount: number) => void;
} & LikeState) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state, toggle, pending } = useLikeToggle(entityType, entityId, { liked, likeCount }, (next) => {
    onCountChange?.(next.likeCount);
    if (next.liked) toast.success('点赞成功');
    else if (variant === 'row') toast.success('已取消点赞');
    void queryClient.invalidateQueries(trpc.likes.recent.queryFilter({ entityType, entityId }));
  });

  const row = variant === 'row';
  return (
    <button
      type="button"
      data-testid="like-button"
      aria-pressed={state.liked}
      disabled={pending}
      className={
        row
          ? `inline-flex items-center gap-1 hover:text-accent ${state.liked ? 'text-accent' : ''}`
          : actionClass(state.liked)
      }
      onClick={toggle}
    >
      <HeartIcon size={row ? 14 : 15} fill={state.liked ? 'currentColor' : 'none'} />
      {row ? <span>{state.liked ? '已赞' : '赞'}</span> : state.liked ? '已赞' : '赞'}
      {row ? (
        state.likeCount > 0 && <span data-testid="like-count">{state.likeCount}</span>
      ) : (
        <span>{state.likeCount}</span>
      )}
    </button>
  );
}

/**
 * A like toggle: its state (what the reader did here wins over `initial`, what the page read) and
 * its press, which likes or takes the like back and tells `onToggled` the new state; a visitor is
 * sent to sign in.
 */
export function useLikeToggle(
  entityType: LikeEntityType,
  entityId: number,
  initial: LikeState,
  onToggled: (next: LikeState) => void,
) {
  const trpc = useTRPC();
  const [changed, setChanged] = useState<LikeState>();
  const state = changed ?? initial;
  const like = useMutation(trpc.likes.like.mutationOptions());
  const unlike = useMutation(trpc.likes.unlike.mutationOptions());
  const toggle = useSignInGate(() => {
    const mutation = state.liked ? unlike : like;
    mutation.mutate(
      { entityType, entityId },
      {
        onSuccess: (result) => {
          const next = likeChanged(state, result.liked);
          setChanged(next);
          onToggled(next);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  });
  return { state, toggle, pending: like.isPending || unlike.isPending };
}
