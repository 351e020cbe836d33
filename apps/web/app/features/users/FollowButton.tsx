import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorMessages } from '@forum/contracts';
import { PlusIcon } from '~/components/icons';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { signInUrl } from '~/lib/ref';
import { useTRPC } from '~/lib/trpc';
import { useRefreshPeople } from './profile-hooks';

interface FollowButtonProps {
  userId: number;
  /** Known from a list row; otherwise asked with follows.isFollowed. */
  followed?: boolean;
  size?: 'normal' | 'small';
}

/** '关注' / '已关注' for another user; a visitor is sent to sign in. Never shown for oneself. */
export function FollowButton({ userId, followed: knownFollowed, size = 'normal' }: FollowButtonProps) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = useRefreshPeople();
  const isSelf = user?.id === userId;
  const asked = useQuery({
    ...trpc.follows.isFollowed.queryOptions({ userId }),
    enabled: !!user && !isSelf && knownFollowed === undefined,
  });
  const [changed, setChanged] = useState<boolean>();
  const followed = changed ?? knownFollowed ?? asked.data ?? false;
  const follow = useMutation(trpc.follows.follow.mutationOptions());
  const unfollow = useMutation(trpc.follows.unfollow.mutationOptions());
  if (isSelf) return null;

  const toggle = () => {
    if (!user) {
      toast.error(ErrorMessages.NOT_SIGNED_IN, {
        onClose: () => void navigate(signInUrl(location.pathname + location.search)),
      });
      return;
    }
    const mutation = followed ? unfollow : follow;
    mutation.mutate(
      { userId },
      {
        onSuccess: (result) => {
          setChanged(result.followed);
          toast.success(result.followed ? '关注成功' : '取消关注成功');
          void refresh();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const shape = size === 'small' ? 'h-7 px-3 text-xs' : 'h-8 px-4 text-sm';
  const look = followed
    ? 'border border-line bg-card text-muted hover:border-accent hover:text-accent'
    : 'bg-accent-fill text-white hover:bg-accent-strong';
  return (
    <button
      type="button"
      data-testid="follow-button"
      aria-pressed={followed}
      disabled={follow.isPending || unfollow.isPending}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full font-medium ${shape} ${look}`}
      onClick={toggle}
    >
      {!followed && <PlusIcon size={size === 'small' ? 12 : 14} />}
      {followed ? '已关注' : '关注'}
    </button>
  );
}
