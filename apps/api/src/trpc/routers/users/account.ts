/**
 * `users`: signing in and out, and the signed-in user's own account settings over tRPC: the twins of the legacy captcha, login and user-settings endpoints. Sign-in
 * and sign-up set the HttpOnly `userToken` cookie like the legacy endpoints; unlike them, the
 * answer's body never holds the token (the web app is the client here, and its scripts must not
 * be able to read it).
 */
import {
  AccountSettingsSchema,
  CaptchaRequestInputSchema,
  CaptchaSchema,
  PublicProfileSchema,
  RequestPasswordResetInputSchema,
  ResetPasswordInputSchema,
  SessionSchema,
  SetEmailInputSchema,
  SetPasswordInputSchema,
  SetUsernameInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UpdatePasswordInputSchema,
  UserIdInputSchema,
  type Session,
} from '@forum/contracts';
import {
  captchaUrl,
  getUserProfile,
  presentAccountSettings,
  presentCurrentUser,
  presentPublicProfile,
  registrationRank,
  requestCaptcha,
  requestPasswordReset,
  resetPassword,
  setEmail,
  setPassword,
  setUsername,
  signIn,
  signOut,
  signUp,
  signOutOtherSessions,
  updatePassword,
  type SignedIn,
} from '@forum/core';
import { clearTokenCookie, setTokenCookie } from '../../../http/token-cookie';
import { authedProcedure, publicProcedure, router, type TrpcContext } from '../../init';

function session(ctx: TrpcContext, signedIn: SignedIn): Session {
  setTokenCookie(ctx.req, ctx.res, signedIn.token, signedIn.maxAgeSeconds);
  return {
    maxAge: signedIn.maxAgeSeconds,
    user: presentCurrentUser(signedIn.user),
    ref: signedIn.ref,
  };
}

export const accountRouter = router({
  /** A new captcha, or new digits for the given one; the image URL is relative to the site. */
  captcha: publicProcedure
    .input(CaptchaRequestInputSchema)
    .output(CaptchaSchema)
    .mutation(async ({ ctx, input }) => {
      const captchaId = await requestCaptcha(input.captchaId, ctx.request.ip);
      return { captchaId, captchaUrl: captchaUrl('', captchaId) };
    }),
  signup: publicProcedure
    .input(SignUpInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => session(ctx, await signUp(ctx.request, input))),
  signin: publicProcedure
    .input(SignInInputSchema)
    .output(SessionSchema)
    .mutation(async ({ ctx, input }) => session(ctx, await signIn(ctx.request, input))),
  /** Revokes the caller's token at once; always succeeds. */
  signout: publicProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx.token);
    clearTokenCookie(ctx.req, ctx.res);
    return null;
  }),
  /** Anyone's public profile: no e-mail, roles, password or token; what the caller may do to them. */
  profile: publicProcedure
    .input(UserIdInputSchema)
    .output(PublicProfileSchema)
    .query(async ({ ctx, input }) => {
      const user = await getUserProfile(input.id);
      return presentPublicProfile(user, ctx.user, await registrationRank(user._id));
    }),
  /** The signed-in user's own username, e-mail and whether a password is set. */
  account: authedProcedure.output(AccountSettingsSchema).query(({ ctx }) => presentAccountSettings(ctx.user)),
  setUsername: authedProcedure.input(SetUsernameInputSchema).mutation(async ({ ctx, input }) => {
    await setUsername(ctx.request, input);
    return null;
  }),
  setEmail: authedProcedure.input(SetEmailInputSchema).mutation(async ({ ctx, input }) => {
    await setEmail(ctx.request, input, ctx.token);
    return null;
  }),
  setPassword: authedProcedure.input(SetPasswordInputSchema).mutation(async ({ ctx, input }) => {
    await setPassword(ctx.request, input);
    return null;
  }),
  updatePassword: authedProcedure.input(UpdatePasswordInputSchema).mutation(async ({ ctx, input }) => {
    await updatePassword(ctx.request, input, ctx.token);
    return null;
  }),
  /** 忘记密码: mails a reset link when an account has the address; the same answer either way. */
  requestPasswordReset: publicProcedure
    .input(RequestPasswordResetInputSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.request, input)),
  /** Sets the new password with the mailed token; every session of the account ends. */
  resetPassword: publicProcedure.input(ResetPasswordInputSchema).mutation(async ({ input }) => {
    await resetPassword(input);
    return null;
  }),
  /** 退出所有设备: every session of the caller ends, this one included. */
  signOutEverywhere: authedProcedure.mutation(async ({ ctx }) => {
    await signOutOtherSessions(ctx.user._id, null);
    clearTokenCookie(ctx.req, ctx.res);
    return null;
  }),
});
