import { Link, NavLink } from 'react-router';
import { Avatar } from '~/components/Avatar';
import { Dropdown, type DropdownItem } from '~/components/Dropdown';
import { ChevronDownIcon, PenIcon } from '~/components/icons';
import { MessageNotice } from '~/features/messages/MessageNotice';
import { SearchInput } from '~/features/search/SearchInput';
import { useSiteConfig } from '~/features/users/session-hooks';
import { signOut } from '~/features/users/sign-out';
import { useViewer } from '~/features/users/viewer';
import { ThemeToggle } from '~/features/theme/ThemeToggle';
import { useTRPCClient } from '~/lib/trpc';
import { isLinkEnabled } from '~/features/users/modules';
import { NavTexts } from '~/texts/nav';
import { createItemsFor } from './create-items';
import { userMenuLinks } from './user-menu-items';
import { SiteLogo } from './SiteLogo';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-[15px] transition-colors hover:text-accent ${isActive ? 'font-medium text-accent' : 'text-body'}`;

/** The header on screens wider than 1024px. */
export function DesktopNav() {
  const config = useSiteConfig();
  const { user, pending } = useViewer();
  const client = useTRPCClient();
  const createItems = createItemsFor(config);
  return (
    <header
      className="sticky top-0 z-30 hidden border-b border-line bg-card shadow-sm lg:block"
      data-testid="desktop-nav"
    >
      <nav
        className="mx-auto flex h-14 max-w-[1200px] items-center gap-6 px-4"
        aria-label={NavTexts.mainLabel}
      >
        <SiteLogo siteTitle={config.siteTitle} />
        <ul className="flex items-center gap-1">
          {(config.siteNavs ?? [])
            .filter((nav) => isLinkEnabled(config, nav.url))
            .map((nav) => (
              <li key={`${nav.title}-${nav.url}`}>
                <NavLink to={nav.url} end={nav.url === '/'} className={navLinkClass}>
                  {nav.title}
                </NavLink>
              </li>
            ))}
        </ul>
        <div className="ml-auto flex items-center gap-3">
          <SearchInput />
          {createItems.length > 0 && <CreateButton items={createItems} />}
          {(user || pending) && <MessageNotice />}
          {pending ? (
            <UserMenuPlaceholder />
          ) : user ? (
            <Dropdown
              testId="user-menu"
              triggerLabel={user.nickname}
              triggerTo={`/user/${user.id}`}
              trigger={
                <span className="inline-flex items-center gap-1.5 text-sm text-body">
                  <Avatar user={user} size={30} link={false} />
                  <span className="max-w-28 truncate">{user.nickname}</span>
                  <ChevronDownIcon size={14} className="text-faint" />
                </span>
              }
              items={[
                ...userMenuLinks(user),
                { label: NavTexts.signOut, onSelect: () => void signOut(client) },
              ]}
            />
          ) : (
            <Link
              to="/user/signin"
              className="inline-flex h-8 items-center rounded-full border border-accent px-4 text-sm text-accent hover:bg-accent-fill hover:text-white"
            >
              {NavTexts.signIn}
            </Link>
          )}
          <ThemeToggle />
        </div>
      </nav>
    </header>
  );
}

/** Where the user menu will be once the reader is known: the avatar, a name's room, the chevron. */
function UserMenuPlaceholder() {
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="user-menu-pending" aria-hidden="true">
      <span className="size-[30px] rounded-full bg-hover" />
      <span className="h-3.5 w-16 rounded bg-hover" />
      <ChevronDownIcon size={14} className="text-faint" />
    </span>
  );
}

/**
 * The create button goes straight to a new topic; its other choices open from the chevron beside it (on hover
 * with a mouse, on click or tap), so the main click is never taken by the menu.
 */
/** The create button goes to the first enabled choice; the chevron beside it offers them all. */
function CreateButton({ items }: { items: DropdownItem[] }) {
  return (
    <div className="flex h-8 items-center rounded-full bg-accent-fill text-sm font-medium text-white">
      <Link
        to={items[0]?.to ?? '/topic/create'}
        data-testid="create-button"
        className="inline-flex h-full items-center gap-1 rounded-l-full pr-2 pl-4 hover:bg-accent-strong"
      >
        <PenIcon size={14} />
        {NavTexts.create}
      </Link>
      <Dropdown
        testId="create-menu"
        triggerLabel={NavTexts.moreCreateChoices}
        trigger={<ChevronDownIcon size={14} />}
        triggerClassName="inline-flex h-8 items-center rounded-r-full border-l border-white/40 pr-3 pl-1.5 hover:bg-accent-strong"
        items={items}
      />
    </div>
  );
}
