import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FavoriteEntityType } from '@forum/contracts';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { useTRPC } from '~/lib/trpc';
import { StarIcon } from '~/components/icons';
import { useSignInGate } from './use-sign-in-gate';

/** The pill of a detail page's actions, filled while active. */
export const actionClass = (active: boolean) =>
  `inline-flex h-8 items-center gap-1.5 rounded-full border px-4 text-sm ${
    active
      ? 'border-accent bg-accent/10 text-accent'
      : 'border-line text-muted hover:border-accent hover:text-accent'
  }`;

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
