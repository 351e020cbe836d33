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

/** The guarded area for owners and admins; its tools arrive with the moderation features. */
export default function AdminLayout() {
  return (
    <div className="mx-auto flex max-w-[1200px] gap-3 px-2 py-3 md:px-4 md:py-4">
      <aside className="hidden w-[200px] shrink-0 md:block">
        <Card title="管理后台">
          <nav className="p-2">
            <NavLink
              to="/admin"
              end
              className={({ isActive }) =>
                `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-hover text-accent' : 'text-body'}`
              }
            >
              概览
            </NavLink>
          </nav>
        </Card>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
