import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, EmptyState } from '~/components/Card';
import { Loading } from '~/features/admin/kit';
import { QueueCountCells, QueueCountsHead } from '~/features/admin/QueueCounts';
import { formatDateTime } from '~/lib/time';
import { useTRPC } from '~/lib/trpc';
import { useCurrentUser } from '~/features/users/session-hooks';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.dashboard;

function Metric({ label, total, today }: { label: string; total: number; today: number }) {
  return (
    <div className="rounded-lg bg-card p-4" data-testid={`metric-${label}`}>
      <p className="text-xs text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-body">{total}</p>
      <p className="mt-1 text-xs text-faint">{texts.todayNew(today)}</p>
    </div>
  );
}

/** 工作台: the forum in numbers, what waits for a moderator, the queues and the newest arrivals. */
export default function AdminDashboard() {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.adminDashboard.overview.queryOptions());
  const owner = useCurrentUser()?.can.administer ?? false;
  if (!data)
    return (
      <Card title={texts.title}>
        <Loading />
      </Card>
    );
  const failed = data.queues.filter((queue) => queue.failed > 0);
  return (
    <div className="flex flex-col gap-3">
      {!data.mailReady && (
        <p
          role="status"
          data-testid="mail-not-configured"
          className="rounded-lg border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-800 dark:border-yellow-900 dark:bg-yellow-950 dark:text-yellow-200"
        >
          {texts.mailNotConfigured}
          {owner ? (
            <Link to="/admin/settings" className="ml-1 text-link underline">
              {texts.mailSettingsLink}
            </Link>
          ) : (
            texts.askOwner
          )}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Metric label={texts.metrics.users} total={data.totals.users} today={data.today.users} />
        <Metric label={texts.metrics.topics} total={data.totals.topics} today={data.today.topics} />
        <Metric label={texts.metrics.articles} total={data.totals.articles} today={data.today.articles} />
        <Metric label={texts.metrics.comments} total={data.totals.comments} today={data.today.comments} />
      </div>
      {/* min-w-0: a grid item's content (the queue table) may not widen the page past a phone. */}
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2 [&>*]:min-w-0">
        <Card
          title={texts.pendingArticles(data.pendingArticles.total)}
          extra={
            <Link to="/admin/articles?status=2" className="text-sm text-link">
              {texts.handle}
            </Link>
          }
        >
          {data.pendingArticles.articles.length === 0 ? (
            <EmptyState text={texts.noPendingArticles} />
          ) : (
            <ul className="divide-y divide-line">
              {data.pendingArticles.articles.map((article) => (
                <li key={article.articleId} className="flex justify-between gap-2 px-4 py-2 text-sm">
                  <span className="truncate text-body">{article.title}</span>
                  <span className="shrink-0 text-xs text-faint">{article.user.nickname}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card
          title={texts.queues}
          extra={
            <Link to="/admin/queues" className="text-sm text-link">
              {texts.view}
            </Link>
          }
        >
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="dashboard-queues">
              <QueueCountsHead />
              <tbody>
                {data.queues.map((queue) => (
                  <tr key={queue.queue} className="border-t border-line">
                    <td className="px-4 py-2 text-body">{queue.queue}</td>
                    <QueueCountCells queue={queue} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {failed.length > 0 && (
            <p className="border-t border-line px-4 py-2 text-xs text-accent">{texts.failedJobs(failed)}</p>
          )}
        </Card>
        <Card title={texts.newestTopics}>
          {data.newestTopics.length === 0 ? (
            <EmptyState text={texts.noTopics} />
          ) : (
            <ul className="divide-y divide-line">
              {data.newestTopics.map((topic) => (
                <li key={topic.topicId} className="flex justify-between gap-2 px-4 py-2 text-sm">
                  <a href={`/topic/${topic.topicId}`} className="truncate text-body hover:text-accent">
                    {topic.title || topic.content || texts.untitled}
                  </a>
                  <span className="shrink-0 text-xs text-faint">{formatDateTime(topic.createTime)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={texts.newestUsers}>
          <ul className="divide-y divide-line">
            {data.newestUsers.map((user) => (
              <li key={user.id} className="flex justify-between gap-2 px-4 py-2 text-sm">
                <a href={`/user/${user.id}`} className="truncate text-body hover:text-accent">
                  {user.nickname}
                </a>
                <span className="shrink-0 text-xs text-faint">{formatDateTime(user.createTime)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
