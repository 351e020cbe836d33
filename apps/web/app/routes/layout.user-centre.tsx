import { HydrationBoundary } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import type { Route } from './+types/layout.user-centre';
import { loadUserCentre } from '~/features/users/load-user-centre.server';
import { UserCentre } from '~/features/users/UserCentre';
import { requireUser } from '~/lib/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return loadUserCentre(request, user.id);
}

/** The signed-in user's own pages (favourites, messages, scores) inside their user centre. */
export default function UserCentreLayout({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <UserCentre userId={loaderData.profile.id} ownPage>
        <Outlet />
      </UserCentre>
    </HydrationBoundary>
  );
}
