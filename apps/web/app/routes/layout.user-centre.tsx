import { Outlet } from 'react-router';
import type { Route } from './+types/layout.user-centre';
import { Avatar } from '~/components/Avatar';
import { Card } from '~/components/Card';
import { useCurrentUser } from '~/features/session/hooks';
import { requireUser } from '~/lib/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

/**
 * The user centre: profile banner, a left sidebar for the user's widgets and the page on the right.
 * The banner and widgets are filled in by the profile feature.
 */
export default function UserCentreLayout() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-[1200px] px-2 py-3 md:px-4 md:py-4">
      <section
        className="relative overflow-hidden rounded-lg bg-gradient-to-r from-[#fa5151] to-[#ff9a6b] px-6 pt-16 pb-5 text-white"
        data-testid="user-centre-header"
      >
        <div className="flex items-end gap-4">
          <span className="rounded-full ring-4 ring-white/70">
            <Avatar user={user} size={80} />
          </span>
          <h1 className="pb-1 text-2xl font-semibold">{user.nickname}</h1>
        </div>
      </section>
      <div className="mt-3 flex gap-3">
        <aside
          className="hidden w-[320px] shrink-0 space-y-3 lg:block"
          data-testid="user-centre-sidebar"
          aria-label="个人中心侧边栏"
        >
          <Card title="个人资料">
            <dl className="grid grid-cols-[4em_1fr] gap-y-2 px-4 py-3 text-sm">
              <dt className="text-faint">昵称</dt>
              <dd className="text-body">{user.nickname}</dd>
              <dt className="text-faint">用户名</dt>
              <dd className="text-body">{user.username}</dd>
            </dl>
          </Card>
        </aside>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
