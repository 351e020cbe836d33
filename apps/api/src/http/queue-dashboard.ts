/**
 * The BullMQ dashboard of the admin console (队列): every queue's jobs by state, their data and
 * errors, served by bull-board under /api/admin/queues behind the same owner/admin check as every
 * other admin endpoint. It only shows: every queue is read-only (no adding, editing, retrying,
 * cleaning, pausing or emptying), anything but a read is refused before bull-board sees it, and
 * the Redis server's own figures are not shown. Failed jobs are retried through the console's
 * audited procedure (`adminQueues.retryFailed`), which writes the operation log.
 */
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import express, { type Router } from 'express';
import { QueueNames, Texts } from '@forum/contracts';
import { getQueue } from '@forum/core';
import { fail } from '../legacy/envelope';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

const READS = new Set(['GET', 'HEAD']);

export function queueDashboard(): Router {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: QueueNames.map((name) => new BullMQAdapter(getQueue(name), { readOnlyMode: true })),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: Texts.queueDashboard.title,
        locale: { lng: 'zh-CN' },
        miscLinks: [{ text: Texts.queueDashboard.backToConsole, url: '/admin/queues' }],
        hideRedisDetails: true,
      },
    },
  });
  const router = express.Router();
  router.use((req, res, next) => {
    if (READS.has(req.method)) return next();
    res.status(405).set('allow', 'GET, HEAD').json(fail(0, Texts.queueDashboard.readOnly));
  });
  router.use(serverAdapter.getRouter() as Router);
  return router;
}
