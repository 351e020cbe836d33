import { useMutation, useQuery } from '@tanstack/react-query';
import { Card } from '~/components/Card';
import { buttonClass } from '~/components/Dialog';
import { ConfirmAction, Loading } from '~/features/admin/kit';
import { QueueCountCells, QueueCountsHead } from '~/features/admin/QueueCounts';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { useTRPC } from '~/lib/trpc';
import { AdminTexts } from '~/texts/admin';

const texts = AdminTexts.queues;

/**
 * Served by the API (bull-board) behind the same owner/admin check, read-only; the web server
 * proxies /api.
 */
const DASHBOARD = '/api/admin/queues';

/**
 * 队列: job counts per queue with a retry of its failed jobs (logged in 操作日志), and the BullMQ
 * dashboard to look at each job's data and error.
 */
export default function AdminQueues() {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.adminQueues.counts.queryOptions(), refetchInterval: 5000 });
  const act = useAdminAction();
  const retry = useMutation(trpc.adminQueues.retryFailed.mutationOptions());
  return (
    <Card
      title={texts.title}
      extra={
        <a href={DASHBOARD} className={buttonClass.primary} data-testid="queue-dashboard-link">
          {texts.openDashboard}
        </a>
      }
    >
      {!data ? (
        <Loading />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-sm" data-testid="queue-counts">
            <QueueCountsHead>
              <th className="px-2 py-2 font-normal">{texts.columns.completed}</th>
              <th className="px-4 py-2 font-normal" />
            </QueueCountsHead>
            <tbody>
              {data.map((queue) => (
                <tr key={queue.queue} className="border-t border-line" data-testid={`queue-${queue.queue}`}>
                  <td className="px-4 py-2 font-medium text-body">{queue.queue}</td>
                  <QueueCountCells queue={queue} />
                  <td className="px-2 py-2">{queue.completed}</td>
                  <td className="flex gap-4 px-4 py-2">
                    <a href={`${DASHBOARD}/queue/${queue.queue}?status=failed`} className="text-sm text-link">
                      {texts.viewFailed}
                    </a>
                    {queue.failed > 0 && (
                      <ConfirmAction
                        label={texts.retryFailed}
                        message={texts.confirmRetry(queue.queue, queue.failed)}
                        onConfirm={() => act(() => retry.mutateAsync({ queue: queue.queue }), texts.retried)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="border-t border-line px-4 py-3 text-xs text-faint">{texts.note}</p>
    </Card>
  );
}
