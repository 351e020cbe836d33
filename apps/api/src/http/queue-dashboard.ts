/**
 * The BullMQ dashboard of the admin console (队列): every queue's jobs by state, with retry and
 * clean, served by bull-board under /api/admin/queues behind the same owner/admin check as every
 * other admin endpoint.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Router } from 'express';
import { QueueNames, Texts } from '@forum/contracts';
import { getQueue } from '@forum/core';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

export function queueDashboard(): Router {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: QueueNames.map((name) => new BullMQAdapter(getQueue(name))),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: Texts.queueDashboard.title,
        locale: { lng: 'zh-CN' },
        miscLinks: [{ text: Texts.queueDashboard.backToConsole, url: '/admin/queues' }],
      },
    },
  });
  return serverAdapter.getRouter() as Router;
}
