import { HydrationBoundary } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/user.$id';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { loadUserCentre, userIdParam } from '~/features/people/load-user-centre.server';
import { UserCentre } from '~/features/people/UserCentre';
import { pageMeta } from '~/lib/meta';

/** Anyone may look at a personal page; only the user-centre pages of one's own need signing in. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  loadUserCentre(request, userIdParam(params.id));

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches[0].loaderData.site, loaderData?.profile.nickname);

export default function UserPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <UserCentre userId={loaderData.profile.id}>
        <UserContent />
      </UserCentre>
    </HydrationBoundary>
  );
}

const tabs = [
  { key: 'topics', label: '话题' },
  { key: 'articles', label: '文章' },
] as const;

/** The user's topics and articles; the lists arrive with the content features. */
function UserContent() {
  const [params] = useSearchParams();
  const active = params.get('tab') === 'articles' ? 'articles' : 'topics';
  return (
    <Card
      title={
        <span className="flex gap-5">
          {tabs.map((tab) => (
            <Link
              key={tab.key}
              to={`?tab=${tab.key}`}
              replace
              className={tab.key === active ? 'text-accent' : 'font-normal text-muted hover:text-accent'}
            >
              {tab.label}
            </Link>
          ))}
        </span>
      }
    >
      <EmptyState icon={<InboxIcon size={40} />} text="暂无内容" />
    </Card>
  );
}
