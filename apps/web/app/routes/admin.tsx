import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/admin';
import { requireOwnerOrAdmin } from '~/lib/guards.server';
import { pageMeta } from '~/lib/meta';
import { AdminTexts } from '~/texts/admin';

const nav = AdminTexts.nav;

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwnerOrAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, AdminTexts.layout.title);

/** The console's screens, in the order of the side navigation. */
const screens = [
  { to: '/admin', label: nav.dashboard, end: true },
  { to: '/admin/users', label: nav.users },
  { to: '/admin/topics', label: nav.topics },
  { to: '/admin/articles', label: nav.articles },
  { to: '/admin/comments', label: nav.comments },
  { to: '/admin/reports', label: nav.reports },
  { to: '/admin/nodes', label: nav.nodes },
  { to: '/admin/tags', label: nav.tags },
  { to: '/admin/links', label: nav.links },
  { to: '/admin/projects', label: nav.projects },
  { to: '/admin/forbidden-words', label: nav.forbiddenWords },
  { to: '/admin/settings', label: nav.settings },
  { to: '/admin/operate-logs', label: nav.operateLogs },
  { to: '/admin/queues', label: nav.queues },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block shrink-0 rounded-md px-3 py-2 text-sm whitespace-nowrap ${
    isActive ? 'bg-hover font-medium text-accent' : 'text-body hover:text-accent'
  }`;

/** The guarded console for owners and admins: a side navigation on wide screens, a tab row on phones. */
export default function AdminLayout() {
  return (
    <div className="mx-auto flex max-w-[1200px] flex-col gap-3 px-2 py-3 md:flex-row md:px-4 md:py-4">
      <aside className="shrink-0 md:w-[180px]">
        <nav
          aria-label={AdminTexts.layout.title}
          className="rounded-lg bg-card p-2 md:sticky md:top-20"
          data-testid="admin-nav"
        >
          <p className="hidden px-3 pt-1 pb-2 text-xs font-semibold text-faint md:block">
            {AdminTexts.layout.title}
          </p>
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {screens.map((screen) => (
              <li key={screen.to}>
                <NavLink to={screen.to} end={screen.end} className={linkClass}>
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
