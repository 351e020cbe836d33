import { VerifiedEmailSchema, VerifyEmailInputSchema } from '@forum/contracts';
import { requestEmailVerification, verifyEmail } from '@forum/core';
import { authedProcedure, publicProcedure, router } from '../init';

export const emailRouter = router({
  /** Mails a verification link to the signed-in user's e-mail (twin of POST /api/user/send_verify_email). */
  requestVerification: authedProcedure
    .output(VerifiedEmailSchema)
    .mutation(({ ctx }) => requestEmailVerification(ctx.user._id)),
  /** Consumes a link's token and marks the e-mail verified (twin of POST /api/user/verify_email). */
  verify: publicProcedure
    .input(VerifyEmailInputSchema)
    .output(VerifiedEmailSchema)
    .mutation(({ input }) => verifyEmail(input.token)),
});
