import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { FavoriteEntityType, LikeEntityType } from '@forum/contracts';
import { Avatar } from '~/components/Avatar';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { HeartIcon, StarIcon } from '~/components/icons';
import { useSignInGate } from './use-sign-in-gate';

const actionClass = (active: boolean) =>
  `inline-flex h-8 items-center gap-1.5 rounded-full border px-4 text-sm ${
    active
      ? 'border-accent bg-accent/10 text-accent'
      : 'border-line text-muted hover:border-accent hover:text-accent'
  }`;

/** '赞' / '已赞' with the count; a second click takes the like back. Neutral while the reader is not yet known. */
export function LikeButton({
  entityType,
  entityId,
  likeCount,
  onCountChange,
}: {
  entityType: LikeEntityType;
  entityId: number;
  likeCount: number;
  /** Told the count after the reader's own like or unlike. */
  onCountChange?: (likeCount: number) => void;
}) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const likedQuery = useQuery({
    ...trpc.likes.likedAmong.queryOptions({ entityType, entityIds: [entityId] }),
    enabled: !!user,
  });
  const [changed, setChanged] = useState<{ liked: boolean; delta: number }>();
  const liked = changed?.liked ?? likedQuery.data?.includes(entityId) ?? false;
  const like = useMutation(trpc.likes.like.mutationOptions());
  const unlike = useMutation(trpc.likes.unlike.mutationOptions());

  const toggle = useSignInGate(() => {
    const mutation = liked ? unlike : like;
    mutation.mutate(
      { entityType, entityId },
      {
        onSuccess: (result) => {
          const delta = (changed?.delta ?? 0) + (result.liked === liked ? 0 : result.liked ? 1 : -1);
          setChanged({ liked: result.liked, delta });
          onCountChange?.(Math.max(0, likeCount + delta));
          if (result.liked) toast.success('点赞成功');
          void queryClient.invalidateQueries(trpc.likes.recent.queryFilter({ entityType, entityId }));
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  });

  return (
    <button
      type="button"
      data-testid="like-button"
      aria-pressed={liked}
      disabled={like.isPending || unlike.isPending}
      className={actionClass(liked)}
      onClick={toggle}
    >
      <HeartIcon size={15} fill={liked ? 'currentColor' : 'none'} />
      {liked ? '已赞' : '赞'}
      <span>{Math.max(0, likeCount + (changed?.delta ?? 0))}</span>
    </button>
  );
}

/** '收藏' / '已收藏'; visitors are sent to sign in. Neutral while the reader is not yet known. */
export function FavoriteButton({
  entityType,
  entityId,
}: {
  entityType: FavoriteEntityType;
  entityId: number;
}) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const favoritedQuery = useQuery({
    ...trpc.favorites.isFavorited.queryOptions({ entityType, entityId }),
    enabled: !!user,
  });
  const [changed, setChanged] = useState<boolean>();
  const favorited = changed ?? favoritedQuery.data ?? false;
  const add = useMutation(trpc.favorites.add.mutationOptions());
  const remove = useMutation(trpc.favorites.remove.mutationOptions());

  const toggle = useSignInGate(() => {
    const mutation = favorited ? remove : add;
    mutation.mutate(
      { entityType, entityId },
      {
        onSuccess: (result) => {
          setChanged(result.favorited);
          toast.success(result.favorited ? '收藏成功' : '已取消收藏');
        },
        onError: (error) => toast.error(`收藏失败：${errorMessage(error)}`),
      },
    );
  });

  return (
    <button
      type="button"
      data-testid="favorite-button"
      aria-pressed={favorited}
      disabled={add.isPending || remove.isPending}
      className={actionClass(favorited)}
      onClick={toggle}
    >
      <StarIcon size={15} fill={favorited ? 'currentColor' : 'none'} />
      {favorited ? '已收藏' : '收藏'}
    </button>
  );
}

/** Up to five people who liked the topic most recently, and how many liked it in all. */
export function RecentLikers({
  entityType,
  entityId,
  likeCount,
}: {
  entityType: LikeEntityType;
  entityId: number;
  likeCount: number;
}) {
  const trpc = useTRPC();
  const likers = useQuery(trpc.likes.recent.queryOptions({ entityType, entityId })).data ?? [];
  if (likers.length === 0) return null;
  return (
    <div className="flex items-center gap-2" data-testid="recent-likers">
      <div className="flex -space-x-1.5">
        {likers.map((liker) => (
          <span key={liker.id} title={liker.nickname} className="rounded-full ring-2 ring-card">
            <Avatar user={liker} size={24} />
          </span>
        ))}
      </div>
      <span className="text-xs text-faint" data-testid="like-total">
        {Math.max(likeCount, likers.length)}人点赞
      </span>
    </div>
  );
}

export function ActionBar({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-3">{children}</div>;
}
