import { formatDateTime } from '~/lib/time';
import { useCurrentUser } from '~/features/users/session-hooks';

/** Until when a mute lasts, as readers read it: 永久 or a date and time. */
export function muteUntil(endTime: number): string {
  return endTime === -1 ? '永久' : `至 ${formatDateTime(endTime).slice(0, 16)}`;
}

/**
 * Tells a muted reader before they write, where they would write (editor pages, the comment box):
 * until when and why. A reader who is not muted sees nothing.
 */
export function MutedNotice() {
  const mute = useCurrentUser()?.mute;
  if (!mute) return null;
  return (
    <p
      role="status"
      data-testid="muted-notice"
      className="rounded-md border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200"
    >
      你已被禁言（{muteUntil(mute.endTime)}），期间不能发帖、评论。
      {mute.reason && <span>原因：{mute.reason}</span>}
    </p>
  );
}
