/** 举报: the queue of reported items and the moderators' decisions (docs/moderation.md). */
import { HandleReportInputSchema, ReportQueueInputSchema } from '@forum/contracts';
import { handleReport, listReportsForAdmin } from '@forum/core';
import { adminProcedure, router } from '../../init';

export const adminReportsRouter = router({
  list: adminProcedure
    .input(ReportQueueInputSchema)
    .query(({ ctx, input }) => listReportsForAdmin(ctx.request, input)),
  handle: adminProcedure
    .input(HandleReportInputSchema)
    .mutation(({ ctx, input }) => handleReport(ctx.request, input)),
});
