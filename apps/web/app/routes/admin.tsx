import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/admin';
import { requireOwnerOrAdmin } from '~/lib/guards.server';
import { pageMeta } from '~/lib/meta';

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwnerOrAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0].loaderData.site, '管理后台');

/** The console's screens, in the order of the side navigation. */
const screens = [
  { to: '/admin', label: '工作台', end: true },
  { to: '/admin/users', label: '用户' },
  { to: '/admin/topics', label: '话题' },
  { to: '/admin/articles', label: '文章' },
  { to: '/admin/comments', label: '评论' },
  { to: '/admin/nodes', label: '节点' },
  { to: '/admin/tags', label: '标签' },
  { to: '/admin/links', label: '友情链接' },
  { to: '/admin/projects', label: '项目' },
  { to: '/admin/forbidden-words', label: '违禁词' },
  { to: '/admin/settings', label: '系统设置' },
  { to: '/admin/operate-logs', label: '操作日志' },
  { to: '/admin/queues', label: '队列' },
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
          aria-label="管理后台"
          className="rounded-lg bg-card p-2 md:sticky md:top-20"
          data-testid="admin-nav"
        >
          <p className="hidden px-3 pt-1 pb-2 text-xs font-semibold text-faint md:block">管理后台</p>
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
