import { Link, NavLink, useLocation } from 'react-router';
import { Dropdown } from '~/components/Dropdown';
import { ChevronDownIcon, MenuIcon, PlusIcon } from '~/components/icons';
import { useEnv } from '~/features/env/env';
import { UnreadBadge } from '~/features/messages/MessageNotice';
import { currentNodeId, nodeLinks } from '~/features/nodes/nodes';
import { useNodes } from '~/features/nodes/use-nodes';
import { SearchInput } from '~/features/search/SearchInput';
import { useCurrentUser, useSiteConfig } from '~/features/users/session-hooks';
import { signOut } from '~/features/users/sign-out';
import { useViewer } from '~/features/users/viewer';
import { ThemeToggle } from '~/features/theme/ThemeToggle';
import { isLinkEnabled } from '~/features/users/modules';
import { useTRPCClient } from '~/lib/trpc';
import { NavTexts } from '~/texts/nav';
import { createItemsFor } from './create-items';
import { userMenuLinks } from './user-menu-items';

/** The fixed 46px bar on screens up to 1024px, with its sidebar and nodes panel. */
export function MobileNav() {
  const env = useEnv();
  const config = useSiteConfig();
  const { user } = useViewer();
  const createItems = createItemsFor(config);
  return (
    <div className="lg:hidden" data-testid="mobile-nav">
      <header className="fixed inset-x-0 top-0 z-40 flex h-[46px] items-center justify-between border-b border-line bg-card px-2 shadow-sm">
        <button
          type="button"
          aria-label={NavTexts.openSidebar}
          aria-expanded={env.showMobileSidebar}
          data-testid="mobile-sidebar-toggle"
          className="relative inline-flex size-9 items-center justify-center text-body"
          onClick={env.toggleMobileSidebar}
        >
          <MenuIcon size={20} />
          {/* Unread messages show on the bar itself, not only inside the closed sidebar. */}
          {user && <UnreadBadge testId="mobile-header-unread-badge" className="absolute top-0.5 right-0" />}
        </button>
        <div className="flex items-center gap-6 text-[15px]">
          <Link to="/" className="text-body">
            {NavTexts.home}
          </Link>
          {isLinkEnabled(config, '/topics') && (
            <button
              type="button"
              aria-expanded={env.showMobileNodes}
              data-testid="mobile-nodes-toggle"
              className="inline-flex items-center gap-0.5 text-body"
              onClick={env.toggleMobileNodes}
            >
              {NavTexts.topics}
              <ChevronDownIcon
                size={14}
                className={`transition-transform ${env.showMobileNodes ? 'rotate-180' : ''}`}
              />
            </button>
          )}
        </div>
        {createItems.length > 0 && (
          <Dropdown
            triggerLabel={NavTexts.create}
            trigger={<PlusIcon size={22} />}
            triggerClassName="inline-flex size-9 items-center justify-center text-body"
            items={createItems}
          />
        )}
      </header>
      {(env.showMobileSidebar || env.showMobileNodes) && (
        <div
          className="fixed inset-0 z-30 bg-black/50"
          data-testid="mobile-overlay"
          aria-hidden="true"
          onClick={env.closeMobilePanels}
          onTouchMove={(event) => event.preventDefault()}
        />
      )}
      {env.showMobileNodes && <MobileNodes />}
      <MobileSidebar open={env.showMobileSidebar} />
    </div>
  );
}

function MobileNodes() {
  const nodes = useNodes();
  const signedIn = !!useCurrentUser();
  const current = currentNodeId(useLocation().pathname);
  return (
    <nav
      aria-label={NavTexts.nodes}
      data-testid="mobile-nodes"
      className="fixed inset-x-0 top-[46px] z-50 max-h-[60vh] overflow-y-auto border-b border-line bg-card p-3 shadow-md"
    >
      <ul className="grid grid-cols-3 gap-2">
        {nodeLinks(nodes, signedIn).map((node) => (
          <li key={node.nodeId}>
            <Link
              to={node.to}
              aria-current={node.nodeId === current ? 'page' : undefined}
              className={`block truncate rounded-md px-2 py-2 text-center text-sm ${
                node.nodeId === current ? 'bg-accent-fill text-white' : 'bg-hover text-body'
              }`}
            >
              {node.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MobileSidebar({ open }: { open: boolean }) {
  const config = useSiteConfig();
  const { user, pending } = useViewer();
  const client = useTRPCClient();
  const linkClass = 'block rounded-md px-3 py-2.5 text-[15px] text-body';
  return (
    <aside
      aria-label={NavTexts.sidebar}
      aria-hidden={!open}
      inert={!open}
      data-testid="mobile-sidebar"
      data-open={open}
      className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col bg-card shadow-xl transition-transform duration-300 ${
        open ? 'translate-x-0' : '-translate-x-full'
      }`}
    >
      <div className="flex h-[46px] items-center justify-between border-b border-line px-4">
        <span className="font-semibold text-body">{config.siteTitle}</span>
        <ThemeToggle />
      </div>
      <div className="border-b border-line px-3 py-2.5" data-testid="mobile-search">
        <SearchInput className="w-full" />
      </div>
      <nav className="flex-1 overflow-y-auto p-2">
        <ul>
          {(config.siteNavs ?? [])
            .filter((nav) => isLinkEnabled(config, nav.url))
            .map((nav) => (
              <li key={`${nav.title}-${nav.url}`}>
                <NavLink
                  to={nav.url}
                  end={nav.url === '/'}
                  className={({ isActive }) =>
                    `${linkClass} ${isActive ? 'bg-hover font-medium text-accent' : ''}`
                  }
                >
                  {nav.title}
                </NavLink>
              </li>
            ))}
          <li>
            <Link to="/user/messages" className={`${linkClass} flex items-center gap-2`}>
              {NavTexts.messages}
              {user && <UnreadBadge />}
            </Link>
          </li>
        </ul>
        <div className="mt-2 border-t border-line pt-2">
          {pending ? (
            // The reader's name and links come once they are known (features/users/viewer.tsx).
            <div className="mx-3 mt-2 h-9 rounded-full bg-hover" data-testid="mobile-sidebar-pending" />
          ) : user ? (
            <>
              <p className="px-3 py-2 text-sm font-medium text-muted" data-testid="mobile-sidebar-user">
                {user.nickname}
              </p>
              <ul>
                {userMenuLinks(user)
                  // Messages is in the list above, with its badge.
                  .filter((link) => link.to !== '/user/messages')
                  .map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={linkClass}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                <li>
                  <button
                    type="button"
                    className={`${linkClass} w-full text-left`}
                    onClick={() => void signOut(client)}
                  >
                    {NavTexts.signOut}
                  </button>
                </li>
              </ul>
            </>
          ) : (
            <Link
              to="/user/signin"
              className="mx-3 mt-2 block rounded-full bg-accent-fill py-2 text-center text-sm font-medium text-white"
            >
              {NavTexts.signIn}
            </Link>
          )}
        </div>
      </nav>
    </aside>
  );
}
