import type { ReactNode } from 'react';
import { FriendLinks } from '~/features/links/FriendLinks';
import { useSiteConfig } from '~/features/users/session-hooks';
import { NavTexts } from '~/texts/nav';
import { CheckInWidget, ScoreRankWidget } from '~/features/check-in/CheckInWidget';
import { SiteNotice } from './SiteNotice';

/**
 * The right column of the list pages, top to bottom: check-in, the notice, the score rank and the
 * friend links. Below 1024px it follows the main column at full width (phones get check-in, the
 * rank and the links too), and the notice moves above the main column, where a reader sees it
 * first. The links page itself shows only the notice; with nothing to show, the page keeps the
 * whole width.
 */
export function Sidebar({ friendLinks = true }: { friendLinks?: boolean }) {
  const { siteNotification } = useSiteConfig();
  if (!friendLinks && !siteNotification) return null;
  return (
    <aside
      className="w-full shrink-0 space-y-3 lg:w-[260px]"
      aria-label={NavTexts.sidebar}
      data-testid="sidebar"
    >
      {friendLinks && <CheckInWidget />}
      <div className="hidden lg:block">
        <SiteNotice />
      </div>
      {friendLinks && <ScoreRankWidget />}
      {friendLinks && <FriendLinks />}
    </aside>
  );
}

/**
 * A page in the site's width: `nav` on the left (if any), the main column, and the sidebar on the
 * right (below it on phones); `stacked` spaces several cards in the main column.
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
    // Wrapping, not a column: from 768px the node nav stays beside the main column, and the
    // sidebar (full width below 1024px) goes to a row of its own.
    <div className="mx-auto flex max-w-[1200px] flex-wrap gap-3 px-2 py-3 md:px-4 md:py-4 lg:flex-nowrap">
      {nav}
      <div className="order-first w-full empty:hidden lg:hidden">
        <SiteNotice testId="phone-site-notice" />
      </div>
      <div className={stacked ? 'min-w-0 flex-1 space-y-3' : 'min-w-0 flex-1'}>{children}</div>
      <Sidebar friendLinks={friendLinks} />
    </div>
  );
}
