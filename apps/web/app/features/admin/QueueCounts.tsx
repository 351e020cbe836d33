import type { ReactNode } from 'react';
import { AdminTexts } from '~/texts/admin';

const columns = AdminTexts.queues.columns;

interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * The head of a table of job queues: 队列 and its waiting, active, delayed and failed jobs; `children`
 * adds columns.
 */
export function QueueCountsHead({ children }: { children?: ReactNode }) {
  return (
    <thead className="text-left text-xs text-muted">
      <tr>
        <th className="px-4 py-2 font-normal">{columns.queue}</th>
        <th className="px-2 py-2 font-normal">{columns.waiting}</th>
        <th className="px-2 py-2 font-normal">{columns.active}</th>
        <th className="px-2 py-2 font-normal">{columns.delayed}</th>
        <th className="px-2 py-2 font-normal">{columns.failed}</th>
        {children}
      </tr>
    </thead>
  );
}

/** A queue's waiting, active, delayed and failed counts as cells; failures stand out. */
export function QueueCountCells({ queue }: { queue: QueueCounts }) {
  return (
    <>
      <td className="px-2 py-2">{queue.waiting}</td>
      <td className="px-2 py-2">{queue.active}</td>
      <td className="px-2 py-2">{queue.delayed}</td>
      <td className={`px-2 py-2 ${queue.failed ? 'font-semibold text-accent' : ''}`}>{queue.failed}</td>
    </>
  );
}
