/** 工作台 and 队列: the console's overview and the queues' job counts. */
import {
  adminOverview,
  presentAdminArticles,
  presentAdminTopics,
  presentAdminUser,
  queueCounts,
} from '@forum/core';
import { adminProcedure, router } from '../../init';
import { adminRender } from './render';

export const adminDashboardRouter = router({
  overview: adminProcedure.query(async () => {
    const overview = await adminOverview();
    const render = await adminRender();
    return {
      totals: overview.totals,
      today: overview.today,
      pendingArticles: {
        total: overview.pendingArticles.total,
        articles: await presentAdminArticles(overview.pendingArticles.articles, render),
      },
      queues: overview.queues,
      newestTopics: await presentAdminTopics(overview.newestTopics, render),
      newestUsers: overview.newestUsers.map((user) => presentAdminUser(user)),
    };
  }),
});

export const adminQueuesRouter = router({
  counts: adminProcedure.query(() => queueCounts()),
});
