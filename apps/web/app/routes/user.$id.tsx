import { HydrationBoundary } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/user.$id';
import { Card } from '~/components/Card';
import { UserArticles } from '~/features/articles/UserArticles';
import { prefetchUserContent } from '~/features/lists/user-content.server';
import { loadUserCentre } from '~/features/users/load-user-centre.server';
import { idParam } from '~/features/lists/pagination';
import { UserCentre } from '~/features/users/UserCentre';
import { UserTopics } from '~/features/topics/UserTopics';
import { pageMeta } from '~/lib/meta';
import { UsersTexts } from '~/texts/users';

/** Anyone may look at a personal page; only the user-centre pages of one's own need signing in. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const userId = idParam(params.id);
  await prefetchUserContent(request, userId);
  return loadUserCentre(request, userId);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches[0].loaderData.site, loaderData?.profile.nickname);

export default function UserPage({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <UserCentre userId={loaderData.profile.id}>
        <UserContent userId={loaderData.profile.id} />
      </UserCentre>
    </HydrationBoundary>
  );
}

const tabs = [
  { key: 'topics', label: UsersTexts.tabs.topics },
  { key: 'articles', label: UsersTexts.tabs.articles },
] as const;

/** The user's topics and articles. */
function UserContent({ userId }: { userId: number }) {
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
      {active === 'articles' ? (
        <UserArticles key={`articles-${userId}`} userId={userId} />
      ) : (
        <UserTopics key={`topics-${userId}`} userId={userId} />
      )}
    </Card>
  );
}
