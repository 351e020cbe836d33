import { useQuery } from '@tanstack/react-query';
import { Card } from '~/components/Card';
import { buttonClass } from '~/components/Dialog';
import { Loading } from '~/features/admin/kit';
import { QueueCountCells, QueueCountsHead } from '~/features/admin/QueueCounts';
import { useTRPC } from '~/lib/trpc';

/** Served by the API (bull-board) behind the same owner/admin check; the web server proxies /api. */
const DASHBOARD = '/api/admin/queues';

/** 队列: job counts per queue, and the BullMQ dashboard to see, retry and clean jobs. */
export default function AdminQueues() {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.adminQueues.counts.queryOptions(), refetchInterval: 5000 });
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
                  <td className="px-4 py-2">
                    <a href={`${DASHBOARD}/queue/${queue.queue}?status=failed`} className="text-sm text-link">
                      查看失败任务
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="border-t border-line px-4 py-3 text-xs text-faint">
        在队列面板里可以查看每个任务的数据和错误，重试失败的任务，清理已完成或失败的任务。
      </p>
    </Card>
  );
}
