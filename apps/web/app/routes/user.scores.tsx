import { HydrationBoundary, useSuspenseQuery } from '@tanstack/react-query';
import type { Route } from './+types/user.scores';
import { Card, EmptyState } from '~/components/Card';
import { InboxIcon } from '~/components/icons';
import { TimeAgo } from '~/components/TimeAgo';
import { loadQueryPage } from '~/features/lists/list-page.server';
import { Pagination } from '~/features/lists/Pagination';
import { pageMeta } from '~/lib/meta';
import { useTRPC } from '~/lib/trpc';
import { UsersTexts } from '~/texts/users';

/** The signed-in user's score log, 20 a page (the user-centre layout has already required sign-in). */
export const loader = ({ request }: Route.LoaderArgs) =>
  loadQueryPage(request, ({ queryClient, trpc }, page) =>
    queryClient.prefetchQuery(trpc.points.scoreLogs.queryOptions({ page })),
  );

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData.site, UsersTexts.scores.title);

export default function UserScores({ loaderData }: Route.ComponentProps) {
  return (
    <HydrationBoundary state={loaderData.dehydratedState}>
      <Card title={UsersTexts.scores.title}>
        <ScoreLog page={loaderData.page} />
      </Card>
    </HydrationBoundary>
  );
}

function ScoreLog({ page }: { page: number }) {
  const trpc = useTRPC();
  const logs = useSuspenseQuery(trpc.points.scoreLogs.queryOptions({ page })).data;
  if (logs.results.length === 0)
    return <EmptyState icon={<InboxIcon size={40} />} text={UsersTexts.scores.empty} />;
  return (
    <>
      <ul className="divide-y divide-line" data-testid="score-logs">
        {logs.results.map((log) => (
          <li key={log.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3 text-sm">
            {log.type === 0 ? (
              <span className="font-medium text-red-600 dark:text-red-400">{UsersTexts.scores.gained}</span>
            ) : (
              <span className="font-medium text-green-600 dark:text-green-400">{UsersTexts.scores.lost}</span>
            )}
            <span className="font-semibold text-body">{Math.abs(log.score)}</span>
            <span className="min-w-0 flex-1 text-body">{log.description}</span>
            <TimeAgo className="text-xs text-faint" time={log.createTime} />
          </li>
        ))}
      </ul>
      <Pagination page={logs} urlPrefix="/user/scores?page=" />
    </>
  );
}
