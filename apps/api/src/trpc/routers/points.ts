import { z } from 'zod';
import { presentReadableScoreLog, presentScoreRank, listScoreLogs, scoreRank } from '@forum/core';
import { authedProcedure, publicProcedure, router } from '../init';

export const pointsRouter = router({
  scoreLogs: authedProcedure
    .input(z.object({ page: z.number().int().min(1).max(100_000).default(1) }))
    .query(async ({ ctx, input }) => {
      const { page, results } = await listScoreLogs(ctx.user, input.page);
      return { ...page, results: results.map(presentReadableScoreLog) };
    }),
  scoreRank: publicProcedure.query(async () => presentScoreRank(await scoreRank())),
});
