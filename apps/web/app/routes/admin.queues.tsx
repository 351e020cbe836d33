import { useMutation, useQuery } from '@tanstack/react-query';
import { Card } from '~/components/Card';
import { buttonClass } from '~/components/Dialog';
import { ConfirmAction, Loading } from '~/features/admin/kit';
import { QueueCountCells, QueueCountsHead } from '~/features/admin/QueueCounts';
import { useAdminAction } from '~/features/admin/use-admin-action';
import { useTRPC } from '~/lib/trpc';

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
      title="队列"
      extra={
        <a href={DASHBOARD} className={buttonClass.primary} data-testid="queue-dashboard-link">
          打开队列面板
        </a>
      }
    >
      {!data ? (
        <Loading />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-sm" data-testid="queue-counts">
            <QueueCountsHead>
              <th className="px-2 py-2 font-normal">已完成</th>
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
                      查看失败任务
                    </a>
                    {queue.failed > 0 && (
                      <ConfirmAction
                        label="重试失败任务"
                        message={`是否确认重试 ${queue.queue} 的 ${queue.failed} 个失败任务?`}
                        onConfirm={() =>
                          act(() => retry.mutateAsync({ queue: queue.queue }), '已重新加入队列')
                        }
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="border-t border-line px-4 py-3 text-xs text-faint">
        队列面板只读，可以查看每个任务的数据和错误；失败的任务在这里重试，并记入操作日志。
      </p>
    </Card>
  );
}
