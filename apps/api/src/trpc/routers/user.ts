import { presentCurrentUser } from '@forum/core';
import { publicProcedure, router } from '../init';

export const userRouter = router({
  /** The signed-in user, or null for a visitor. */
  current: publicProcedure.query(({ ctx }) => (ctx.user ? presentCurrentUser(ctx.user) : null)),
});
