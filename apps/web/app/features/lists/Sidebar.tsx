import { FriendLinks } from '~/features/links/FriendLinks';
import { useSiteConfig } from '~/features/session/hooks';
import { SiteNotice } from './SiteNotice';

/**
 * The right column of the list pages (hidden up to 1024px): the notice and the friend links (left
 * out on the links page itself). With nothing to show, the page keeps the whole width.
 */
export function Sidebar({ friendLinks = true }: { friendLinks?: boolean }) {
  const { siteNotification } = useSiteConfig();
  if (!friendLinks && !siteNotification) return null;
  return (
    <aside className="hidden w-[260px] shrink-0 space-y-3 lg:block" aria-label="侧边栏" data-testid="sidebar">
      <SiteNotice />
      {friendLinks && <FriendLinks />}
    </aside>
  );
}
