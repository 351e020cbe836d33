import { HydrationBoundary } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/user.profile';
import { Card } from '~/components/Card';
import { requireUser } from '~/lib/guards.server';
import { dehydrateRequest, serverApi } from '~/lib/trpc.server';
import { UsersTexts } from '~/texts/users';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { queryClient, trpc } = serverApi(request);
  await Promise.all([
    queryClient.prefetchQuery(trpc.users.profile.queryOptions({ id: user.id })),
    queryClient.prefetchQuery(trpc.users.account.queryOptions()),
  ]);
  return { userId: user.id, dehydratedState: dehydrateRequest(request) };
}

const tabs = [
  { to: '/user/profile', label: UsersTexts.profile.title, end: true },
  { to: '/user/profile/account', label: UsersTexts.account.title, end: false },
];

/** Settings: a tab panel on the left (a tab strip on narrow screens) and the chosen form. */
export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const tabClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-hover font-medium text-accent' : 'text-body hover:text-accent'}`;
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <div className="mx-auto flex max-w-[1200px] flex-col gap-3 px-2 py-3 md:px-4 md:py-4 lg:flex-row">
        <aside className="shrink-0 lg:w-[200px]">
          <Card>
            <nav className="flex gap-1 p-2 lg:flex-col" aria-label={UsersTexts.profile.tabsLabel}>
              {tabs.map((tab) => (
                <NavLink key={tab.to} to={tab.to} end={tab.end} className={tabClass}>
                  {tab.label}
                </NavLink>
              ))}
            </nav>
          </Card>
        </aside>
        <div className="min-w-0 flex-1">
          <Outlet context={loaderData.userId} />
        </div>
      </div>
    </HydrationBoundary>
  );
}
