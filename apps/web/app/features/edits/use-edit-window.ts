import { useEffect, useState } from 'react';
import { useSiteConfig } from '~/features/users/session-hooks';
import { useViewer } from '~/features/users/viewer';

const MINUTE_MS = 60_000;

/**
 * Whether the reader may edit an item now: moderators always, its author within the site's
 * `contentEditMinutes` of posting (the API decides; this only shows the action when it would
 * succeed). Known only in the browser, after hydration, since it depends on the clock; it is
 * checked again every half minute so the action goes when the window closes.
 */
export function useCanEdit(item: { userId: number; createTime: number }): boolean {
  const { user } = useViewer();
  const minutes = useSiteConfig().contentEditMinutes;
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  if (!user || now === null) return false;
  if (user.can.enterAdmin) return true;
  return user.id === item.userId && now < item.createTime + minutes * MINUTE_MS;
}

/** Whether the reader may read the versions of an edited item (moderators). */
export function useCanReadHistory(): boolean {
  return !!useViewer().user?.can.enterAdmin;
}
