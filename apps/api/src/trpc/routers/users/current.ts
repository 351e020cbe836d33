import { CurrentUserSchema } from '@forum/contracts';
import { presentCurrentUser } from '@forum/core';
import { publicProcedure, router } from '../../init';

export const currentUserRouter = router({
  /** The signed-in user, or null for a visitor. */
  current: publicProcedure
    .output(CurrentUserSchema.nullable())
    .query(({ ctx }) => (ctx.user ? presentCurrentUser(ctx.user) : null)),
});
