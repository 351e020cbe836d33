/** 工作台 and 队列: the console's overview and the queues' job counts. */
import {
  getOverviewForAdmin,
  listQueueCountsForAdmin,
  presentAdminArticles,
  presentAdminTopics,
  presentAdminUser,
  retryFailedJobs,
} from '@forum/core';
import { RetryFailedJobsInputSchema } from '@forum/contracts';
import { adminProcedure, router } from '../../init';

export const adminDashboardRouter = router({
  overview: adminProcedure.query(async ({ ctx }) => {
    const overview = await getOverviewForAdmin(ctx.request);
    return {
      totals: overview.totals,
      today: overview.today,
      pendingArticles: {
        total: overview.pendingArticles.total,
        articles: await presentAdminArticles(overview.pendingArticles.articles),
      },
      queues: overview.queues,
      newestTopics: await presentAdminTopics(overview.newestTopics),
      newestUsers: overview.newestUsers.map((user) => presentAdminUser(user)),
      mailReady: overview.mailReady,
    };
  }),
});

export const adminQueuesRouter = router({
  counts: adminProcedure.query(({ ctx }) => listQueueCountsForAdmin(ctx.request)),
  /** The one change the console makes to a queue; the dashboard (bull-board) is read-only. */
  retryFailed: adminProcedure
    .input(RetryFailedJobsInputSchema)
    .mutation(({ ctx, input }) => retryFailedJobs(ctx.request, input)),
});
