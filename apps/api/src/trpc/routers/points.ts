import { z } from 'zod';
import {
  checkIn,
  checkInRank,
  checkInState,
  legacyCheckIn,
  legacyScoreLog,
  legacyUserInfo,
  listScoreLogs,
  scoreRank,
} from '@forum/core';
import { authedProcedure, postingProcedure, publicProcedure, router } from '../init';

export const pointsRouter = router({
  checkIn: postingProcedure.mutation(async ({ ctx }) => legacyCheckIn(await checkIn(ctx.user))),
  checkInState: publicProcedure.query(async ({ ctx }) => {
    const state = await checkInState(ctx.user);
    return state ? { ...legacyCheckIn(state), checkIn: state.checkIn } : null;
  }),
  checkInRank: publicProcedure.query(async () =>
    (await checkInRank()).map(({ checkIn: row, user }) => ({
      ...legacyCheckIn(row),
      user: legacyUserInfo(user),
    })),
  ),
  scoreLogs: authedProcedure
    .input(z.object({ page: z.number().int().min(1).max(100_000).default(1) }))
    .query(async ({ ctx, input }) => {
      const { page, results } = await listScoreLogs(ctx.user, input.page);
      return { ...page, results: results.map(legacyScoreLog) };
    }),
  scoreRank: publicProcedure.query(async () => (await scoreRank()).map((user) => legacyUserInfo(user))),
});
