import { useQuery } from '@tanstack/react-query';
import type { LikeEntityType } from '@forum/contracts';
import { Avatar } from '~/components/Avatar';
import { useTRPC } from '~/lib/trpc';
import { TopicsTexts } from '~/texts/topics';

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
        {TopicsTexts.likers(Math.max(likeCount, likers.length))}
      </span>
    </div>
  );
}
