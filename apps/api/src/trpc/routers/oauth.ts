import { z } from 'zod';
import {
  OAuthAuthorizeInputSchema,
  OAuthAuthorizeResultSchema,
  OAuthCallbackInputSchema,
  OAuthProviderInfoSchema,
  OAuthSignInResultSchema,
} from '@forum/contracts';
import {
  completeThirdPartySignIn,
  listThirdPartyProviders,
  presentCurrentUser,
  startThirdPartySignIn,
} from '@forum/core';
import { oauthSettings } from '../../config';
import { browserSecretFor, browserSecretOf } from '../../http/oauth-cookie';
import { setTokenCookie } from '../../http/token-cookie';
import { publicProcedure, router } from '../init';

/** Third-party sign-in for our web app; the callback sets the HttpOnly `userToken` cookie. */
export const oauthRouter = router({
  /** The providers the sign-in page offers, with their display names. */
  providers: publicProcedure
    .output(z.array(OAuthProviderInfoSchema))
    .query(() => listThirdPartyProviders(oauthSettings())),
  /** Where to send the browser; a mutation, since each call stores a new one-time state. */
  authorizeUrl: publicProcedure
    .input(OAuthAuthorizeInputSchema)
    .output(OAuthAuthorizeResultSchema)
    .mutation(({ ctx, input }) =>
      startThirdPartySignIn(oauthSettings(), input.provider, input.ref, browserSecretFor(ctx.req, ctx.res)),
    ),
  /** Completes the sign-in with what the provider sent to our callback page. */
  callback: publicProcedure
    .input(OAuthCallbackInputSchema)
    .output(OAuthSignInResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { token, user, ref, maxAgeSeconds } = await completeThirdPartySignIn(oauthSettings(), {
        ...input,
        browserSecret: browserSecretOf(ctx.req),
      });
      setTokenCookie(ctx.req, ctx.res, token, maxAgeSeconds);
      return { user: presentCurrentUser(user), ref };
    }),
});
