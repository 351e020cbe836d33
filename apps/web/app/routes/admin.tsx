import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/admin';
import { Card } from '~/components/Card';
import { requireOwnerOrAdmin } from '~/lib/guards.server';
import { pageMeta } from '~/lib/meta';

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwnerOrAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '管理后台');

const NAV = [
  { to: '/admin', label: '概览', end: true },
  { to: '/admin/nodes', label: '节点' },
  { to: '/admin/tags', label: '标签' },
  { to: '/admin/links', label: '友情链接' },
  { to: '/admin/projects', label: '项目' },
  { to: '/admin/forbidden-words', label: '违禁词' },
  { to: '/admin/settings', label: '系统设置' },
];

/** The guarded area for owners and admins: a sidebar on wide screens, a scrolling tab row on phones. */
export default function AdminLayout() {
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block whitespace-nowrap rounded-md px-3 py-2 text-sm ${isActive ? 'bg-hover text-accent' : 'text-body'}`;
  return (
    <div className="mx-auto flex max-w-[1200px] flex-col gap-3 px-2 py-3 md:flex-row md:px-4 md:py-4">
      <aside className="shrink-0 md:w-[200px]">
        <Card>
          <h2 className="hidden border-b border-line px-4 py-3 text-[15px] font-semibold text-body md:block">
            管理后台
          </h2>
          <nav aria-label="管理后台" className="flex gap-1 overflow-x-auto p-2 md:block">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        </Card>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
