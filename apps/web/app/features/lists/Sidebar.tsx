import type { ReactNode } from 'react';
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

/**
 * A page in the site's width: `nav` on the left (if any), the main column, and the sidebar on the
 * right; `stacked` spaces several cards in the main column.
 */
export function WithSidebar({
  children,
  nav,
  stacked = false,
  friendLinks = true,
}: {
  children: ReactNode;
  nav?: ReactNode;
  stacked?: boolean;
  friendLinks?: boolean;
}) {
  return (
    <div className="mx-auto flex max-w-[1200px] gap-3 px-2 py-3 md:px-4 md:py-4">
      {nav}
      <div className={stacked ? 'min-w-0 flex-1 space-y-3' : 'min-w-0 flex-1'}>{children}</div>
      <Sidebar friendLinks={friendLinks} />
    </div>
  );
}
