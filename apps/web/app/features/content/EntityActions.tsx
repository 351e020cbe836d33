import { useMutation, useQuery } from '@tanstack/react-query';
import type { FavoriteEntityType } from '@forum/contracts';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { useTRPC } from '~/lib/trpc';
import { StarIcon } from '~/components/icons';
import { ContentTexts } from '~/texts/content';
import { ToggleButton, useToggle } from './toggle';

/** The pill of a detail page's actions, filled while active. */
export const actionClass = (active: boolean) =>
  `inline-flex h-8 items-center gap-1.5 rounded-full border px-4 text-sm ${
    active
      ? 'border-accent bg-accent/10 text-accent'
      : 'border-line text-muted hover:border-accent hover:text-accent'
  }`;

/** Favourite / favourited; visitors are sent to sign in. Neutral while the reader is not yet known. */
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
  const add = useMutation(trpc.favorites.add.mutationOptions());
  const remove = useMutation(trpc.favorites.remove.mutationOptions());
  const favorite = useToggle({
    initial: favoritedQuery.data ?? false,
    isOn: (favorited) => favorited,
    on: add,
    off: remove,
    input: { entityType, entityId },
    next: (_, result) => result.favorited,
    onToggled: (favorited) =>
      toast.success(favorited ? ContentTexts.favorite.added : ContentTexts.favorite.removed),
    failure: ContentTexts.favorite.failed,
  });
  const favorited = favorite.state;
  return (
    <ToggleButton
      toggle={favorite}
      pressed={favorited}
      testId="favorite-button"
      className={actionClass(favorited)}
    >
      <StarIcon size={15} fill={favorited ? 'currentColor' : 'none'} />
      {favorited ? ContentTexts.favorite.done : ContentTexts.favorite.on}
    </ToggleButton>
  );
}
