import {
  OAuthAuthorizeInputSchema,
  OAuthCallbackInputSchema,
  type OAuthSignInResult,
} from '@forum/contracts';
import {
  completeThirdPartySignIn,
  listThirdPartyProviders,
  presentCurrentUser,
  startThirdPartySignIn,
} from '@forum/core';
import { oauthSettings } from '../../config';
import { setTokenCookie } from '../../http/token-cookie';
import { publicProcedure, router } from '../init';

/** Third-party sign-in for our web app; the callback sets the HttpOnly `userToken` cookie. */
export const oauthRouter = router({
  /** The providers the sign-in page offers, with their display names. */
  providers: publicProcedure.query(() => listThirdPartyProviders(oauthSettings())),
  /** Where to send the browser; a mutation, since each call stores a new one-time state. */
  authorizeUrl: publicProcedure
    .input(OAuthAuthorizeInputSchema)
    .mutation(({ input }) => startThirdPartySignIn(oauthSettings(), input.provider, input.ref)),
  /** Completes the sign-in with what the provider sent to our callback page. */
  callback: publicProcedure
    .input(OAuthCallbackInputSchema)
    .mutation(async ({ ctx, input }): Promise<OAuthSignInResult> => {
      const { token, user, ref, maxAgeSeconds } = await completeThirdPartySignIn(oauthSettings(), input);
      setTokenCookie(ctx.req, ctx.res, token, maxAgeSeconds);
      return { token, user: presentCurrentUser(user), ref };
    }),
});
