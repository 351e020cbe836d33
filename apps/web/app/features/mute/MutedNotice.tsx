import { formatDateTime } from '~/lib/time';
import { UsersTexts } from '~/texts/users';
import { useCurrentUser } from '~/features/users/session-hooks';

/** Until when a mute lasts, as readers read it: forever, or a date and time. */
export function muteUntil(endTime: number): string {
  return endTime === -1 ? UsersTexts.mute.forever : UsersTexts.mute.until(formatDateTime(endTime));
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
      {UsersTexts.mute.notice(muteUntil(mute.endTime))}
      {mute.reason && <span>{UsersTexts.mute.reason(mute.reason)}</span>}
    </p>
  );
}
