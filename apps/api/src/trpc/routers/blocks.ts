import { BlockTargetSchema } from '@forum/contracts';
import { blockUser, listBlockedUsers, unblockUser } from '@forum/core';
import { authedProcedure, router } from '../init';

/** Blocking (屏蔽) a member (docs/moderation.md). */
export const blocksRouter = router({
  block: authedProcedure
    .input(BlockTargetSchema)
    .mutation(({ ctx, input }) => blockUser(ctx.request, input.userId)),
  unblock: authedProcedure
    .input(BlockTargetSchema)
    .mutation(({ ctx, input }) => unblockUser(ctx.request, input.userId)),
  /** The members the caller blocked, newest first (the web app folds their content away). */
  list: authedProcedure.query(({ ctx }) => listBlockedUsers(ctx.request)),
});
