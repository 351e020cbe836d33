import {
  checkIn,
  checkInRank,
  checkInState,
  presentCheckIn,
  presentCheckInRank,
  presentCheckInState,
} from '@forum/core';
import { postingProcedure, publicProcedure, router } from '../init';

/** The daily check-in (twin of the legacy `/api/checkin/*`). */
export const checkInRouter = router({
  /** Checks the signed-in user in for today; 你已签到 the second time. */
  create: postingProcedure.mutation(async ({ ctx }) => presentCheckIn(await checkIn(ctx.request))),
  /** The reader's check-in record with whether it is today's (null for visitors and newcomers). */
  state: publicProcedure.query(async ({ ctx }) => presentCheckInState(await checkInState(ctx.user))),
  /** Today's first check-ins, earliest first. */
  rank: publicProcedure.query(async () => presentCheckInRank(await checkInRank())),
});
