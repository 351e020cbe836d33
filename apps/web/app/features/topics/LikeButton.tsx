import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorMessages } from '@forum/contracts';
import { HeartIcon } from '~/components/icons';
import { useCurrentUser } from '~/features/session/hooks';
import { toast } from '~/features/toast';
import { errorMessage } from '~/lib/api-error';
import { signInUrl } from '~/lib/ref';
import { useTRPC } from '~/lib/trpc';
import { likeChanged, type LikeState } from './topic-item';

/** "赞" / "已赞" with the count; a second press takes the like back. A visitor is sent to sign in. */
export function LikeButton({ topicId, liked, likeCount }: { topicId: number } & LikeState) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  // What the viewer did here wins over what the list said.
  const [changed, setChanged] = useState<LikeState>();
  const state = changed ?? { liked, likeCount };
  const like = useMutation(trpc.likes.like.mutationOptions());
  const unlike = useMutation(trpc.likes.unlike.mutationOptions());

  const toggle = () => {
    if (!user) {
      toast.error(ErrorMessages.NOT_SIGNED_IN, {
        onClose: () => void navigate(signInUrl(location.pathname + location.search)),
      });
      return;
    }
    const mutation = state.liked ? unlike : like;
    mutation.mutate(
      { entityType: 'topic', entityId: topicId },
      {
        onSuccess: (result) => {
          setChanged(likeChanged(state, result.liked));
          toast.success(result.liked ? '点赞成功' : '已取消点赞');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <button
      type="button"
      data-testid="like-button"
      aria-pressed={state.liked}
      disabled={like.isPending || unlike.isPending}
      className={`inline-flex items-center gap-1 hover:text-accent ${state.liked ? 'text-accent' : ''}`}
      onClick={toggle}
    >
      <HeartIcon size={14} fill={state.liked ? 'currentColor' : 'none'} />
      <span>{state.liked ? '已赞' : '赞'}</span>
      {state.likeCount > 0 && <span data-testid="like-count">{state.likeCount}</span>}
    </button>
  );
}
