import { CreateReportInputSchema } from '@forum/contracts';
import { createReport } from '@forum/core';
import { authedProcedure, router } from '../init';

/** Reports (举报): a member reports a topic, tweet, comment, article or member (docs/moderation.md). */
export const reportsRouter = router({
  create: authedProcedure
    .input(CreateReportInputSchema)
    .mutation(({ ctx, input }) => createReport(ctx.request, input)),
});
