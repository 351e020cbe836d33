import { useMutation, useQuery } from '@tanstack/react-query';
import { PlusIcon } from '~/components/icons';
import { ToggleButton, useToggle } from '~/features/content/toggle';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';
import { useRefreshPeople } from './profile-hooks';

interface FollowButtonProps {
  userId: number;
  /** Known from a list row; otherwise asked with follows.isFollowed. */
  followed?: boolean;
  size?: 'normal' | 'small';
}

/** Follow / followed for another user; a visitor is sent to sign in. Never shown for oneself. */
export function FollowButton({ userId, followed: knownFollowed, size = 'normal' }: FollowButtonProps) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const refresh = useRefreshPeople();
  const isSelf = user?.id === userId;
  const asked = useQuery({
    ...trpc.follows.isFollowed.queryOptions({ userId }),
    enabled: !!user && !isSelf && knownFollowed === undefined,
  });
  const follow = useMutation(trpc.follows.follow.mutationOptions());
  const unfollow = useMutation(trpc.follows.unfollow.mutationOptions());
  const following = useToggle({
    initial: knownFollowed ?? asked.data ?? false,
    isOn: (followed) => followed,
    on: follow,
    off: unfollow,
    input: { userId },
    next: (_, result) => result.followed,
    onToggled: (followed) => {
      toast.success(followed ? UsersTexts.follow.followed : UsersTexts.follow.unfollowed);
      void refresh();
    },
  });
  if (isSelf) return null;

  const followed = following.state;
  const shape = size === 'small' ? 'h-7 px-3 text-xs' : 'h-8 px-4 text-sm';
  const look = followed
    ? 'border border-line bg-card text-muted hover:border-accent hover:text-accent'
    : 'bg-accent-fill text-white hover:bg-accent-strong';
  return (
    <ToggleButton
      toggle={following}
      pressed={followed}
      testId="follow-button"
      className={`inline-flex shrink-0 items-center gap-1 rounded-full font-medium ${shape} ${look}`}
    >
      {!followed && <PlusIcon size={size === 'small' ? 12 : 14} />}
      {followed ? UsersTexts.follow.done : UsersTexts.follow.on}
    </ToggleButton>
  );
}
