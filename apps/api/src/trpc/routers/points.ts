import { z } from 'zod';
import {
  checkIn,
  checkInRank,
  checkInState,
  presentCheckIn,
  presentCheckInRank,
  presentCheckInState,
  presentScoreLog,
  presentScoreRank,
  listScoreLogs,
  scoreRank,
} from '@forum/core';
import { authedProcedure, postingProcedure, publicProcedure, router } from '../init';

export const pointsRouter = router({
  checkIn: postingProcedure.mutation(async ({ ctx }) => presentCheckIn(await checkIn(ctx.request))),
  checkInState: publicProcedure.query(async ({ ctx }) => presentCheckInState(await checkInState(ctx.user))),
  checkInRank: publicProcedure.query(async () => presentCheckInRank(await checkInRank())),
  scoreLogs: authedProcedure
    .input(z.object({ page: z.number().int().min(1).max(100_000).default(1) }))
    .query(async ({ ctx, input }) => {
      const { page, results } = await listScoreLogs(ctx.user, input.page);
      return { ...page, results: results.map(presentScoreLog) };
    }),
  scoreRank: publicProcedure.query(async () => presentScoreRank(await scoreRank())),
});
