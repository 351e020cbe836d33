import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikeEntityType } from '@forum/contracts';
import { HeartIcon } from '~/components/icons';
import { likeChanged, type LikeState } from '~/features/topics/topic-item';
import { useCurrentUser } from '~/features/users/session-hooks';
import { toast } from '~/features/toast';
import { useTRPC } from '~/lib/trpc';
import { ContentTexts } from '~/texts/content';
import { actionClass } from './EntityActions';
import { ToggleButton, useToggle } from './toggle';

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

/** How each place shows its like button. */
const LOOKS = {
  // A list row's: small text that hides a zero count and says so when a like is taken back.
  row: { testId: 'like-button', icon: 14, word: ContentTexts.like.word, pill: false, saysUnliked: true },
  // A comment's: as a row's, a little smaller.
  comment: {
    testId: 'comment-like',
    icon: 13,
    word: ContentTexts.like.commentWord,
    pill: false,
    saysUnliked: false,
  },
  // A detail page's: a pill that always shows its count.
  pill: { testId: 'like-button', icon: 15, word: ContentTexts.like.word, pill: true, saysUnliked: false },
} as const;

/**
 * Like / liked with the count; a second press takes the like back, and a visitor is sent to sign in.
 * `liked` and `likeCount` are what the page read; what the reader did here wins over them.
 * `variant` is where the button is (see LOOKS).
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
  variant: keyof typeof LOOKS;
  /** Told the count after the reader's own like or unlike. */
  onCountChange?: (likeCount: number) => void;
} & LikeState) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const look = LOOKS[variant];
  const likeMutation = useMutation(trpc.likes.like.mutationOptions());
  const unlikeMutation = useMutation(trpc.likes.unlike.mutationOptions());
  const like = useToggle({
    initial: { liked, likeCount },
    isOn: (state) => state.liked,
    on: likeMutation,
    off: unlikeMutation,
    input: { entityType, entityId },
    next: (state, result) => likeChanged(state, result.liked),
    onToggled: (next) => {
      onCountChange?.(next.likeCount);
      if (next.liked) toast.success(ContentTexts.like.added);
      else if (look.saysUnliked) toast.success(ContentTexts.like.removed);
      void queryClient.invalidateQueries(trpc.likes.recent.queryFilter({ entityType, entityId }));
    },
  });

  const { state } = like;
  return (
    <ToggleButton
      toggle={like}
      pressed={state.liked}
      testId={look.testId}
      className={
        look.pill
          ? actionClass(state.liked)
          : `inline-flex items-center gap-1 hover:text-accent ${state.liked ? 'text-accent' : ''}`
      }
    >
      <HeartIcon size={look.icon} fill={state.liked ? 'currentColor' : 'none'} />
      <span>{state.liked ? ContentTexts.like.done : look.word}</span>
      {(look.pill || state.likeCount > 0) && <span data-testid="like-count">{state.likeCount}</span>}
    </ToggleButton>
  );
}
