import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecentMessages } from '@forum/contracts';
import { useLiveConnection, useLiveEvent } from '~/features/live/LiveProvider';
import { useCurrentUser } from '~/features/users/session-hooks';
import { useTRPC } from '~/lib/trpc';

/**
 * The signed-in reader's unread message count: read with the page (the root loader prefetches it),
 * then kept current by `message:unread` pushes, and read again whenever the socket comes back.
 */
export function useUnreadCount(): number {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const recent = trpc.messages.recent.queryOptions();
  const count = useQuery({ ...recent, enabled: !!user }).data?.count ?? 0;
  useLiveEvent('message:unread', (data) => {
    // A new message may come with new points (a level reached): the reader's counts are read again.
    if (user) void queryClient.invalidateQueries({ queryKey: trpc.users.profile.queryKey({ id: user.id }) });
    queryClient.setQueryData(recent.queryKey, (old: RecentMessages | undefined) => ({
      messages: old?.messages ?? null,
      count: data.count,
    }));
  });
  useLiveConnection({ onReconnect: () => void queryClient.invalidateQueries({ queryKey: recent.queryKey }) });
  return user ? count : 0;
}
