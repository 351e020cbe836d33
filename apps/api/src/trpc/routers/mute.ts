import { MuteInputSchema } from '@forum/contracts';
import { muteUser, postStatus } from '@forum/core';
import { adminProcedure, publicProcedure, router } from '../init';

/** Muting: an admin sets or lifts a mute; anyone asks whether they may post now. */
export const muteRouter = router({
  /** Mute for `days` days, -1 for ever (owner only), 0 lifts (twin of POST /api/user/forbidden). */
  set: adminProcedure.input(MuteInputSchema).mutation(({ ctx, input }) => muteUser(ctx.request, input)),
  /** Whether the current user may post now, and the reason if not (the "post" auth level). */
  postStatus: publicProcedure.query(({ ctx }) => postStatus(ctx.user)),
});
