import { FriendLinks } from '~/features/links/FriendLinks';
import { useSiteConfig } from '~/features/users/session-hooks';
import { CheckInWidget, ScoreRankWidget } from './CheckInWidget';
import { SiteNotice } from './SiteNotice';

/**
 * The right column of the list pages (hidden up to 1024px), top to bottom: check-in, the notice,
 * the score rank and the friend links. The links page itself shows only the notice; with nothing
 * to show, the page keeps the whole width.
 */
export function Sidebar({ friendLinks = true }: { friendLinks?: boolean }) {
  const { siteNotification } = useSiteConfig();
  if (!friendLinks && !siteNotification) return null;
  return (
    <aside className="hidden w-[260px] shrink-0 space-y-3 lg:block" aria-label="侧边栏" data-testid="sidebar">
      {friendLinks && <CheckInWidget />}
      <SiteNotice />
      {friendLinks && <ScoreRankWidget />}
      {friendLinks && <FriendLinks />}
    </aside>
  );
}
