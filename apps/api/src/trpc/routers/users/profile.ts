import {
  AccountSettingsSchema,
  ProfileSchema,
  ProfileUpdateInputSchema,
  SetAvatarSchema,
  SetBackgroundImageSchema,
  SetEmailNotifySchema,
  SetWatchDefaultsSchema,
} from '@forum/contracts';
import {
  presentAccountSettings,
  presentProfile,
  setAvatar,
  setBackgroundImage,
  setEmailNotify,
  setWatchDefaults,
  updateProfile,
} from '@forum/core';
import { authedProcedure, router } from '../../init';

/**
 * The signed-in user's own profile. Images are uploaded first with `POST /api/upload` (multipart);
 * these procedures then point the profile at the returned URL.
 */
export const profileRouter = router({
  /** Twin of POST /api/user/edit/{id} for the signed-in user. */
  updateProfile: authedProcedure
    .input(ProfileUpdateInputSchema)
    .output(ProfileSchema)
    .mutation(async ({ ctx, input }) =>
      presentProfile(await updateProfile(ctx.request, ctx.user._id, input)),
    ),
  /** Twin of POST /api/user/update/avatar. */
  setAvatar: authedProcedure
    .input(SetAvatarSchema)
    .output(ProfileSchema)
    .mutation(async ({ ctx, input }) => presentProfile(await setAvatar(ctx.request, input.avatar))),
  /** Twin of POST /api/user/set/background/image. */
  setBackground: authedProcedure
    .input(SetBackgroundImageSchema)
    .output(ProfileSchema)
    .mutation(async ({ ctx, input }) =>
      presentProfile(await setBackgroundImage(ctx.request, input.backgroundImage)),
    ),
  /** Twin of POST /api/user/set/email_notify: e-mail notices of messages on or off. */
  setEmailNotify: authedProcedure
    .input(SetEmailNotifySchema)
    .output(AccountSettingsSchema)
    .mutation(async ({ ctx, input }) =>
      presentAccountSettings(await setEmailNotify(ctx.request, input.emailNotify)),
    ),
  /**
   * Twin of POST /api/user/set/watch_defaults: whether posting and commenting watch the topic
   * (docs/events-and-jobs.md "Watched topics").
   */
  setWatchDefaults: authedProcedure
    .input(SetWatchDefaultsSchema)
    .output(AccountSettingsSchema)
    .mutation(async ({ ctx, input }) => presentAccountSettings(await setWatchDefaults(ctx.request, input))),
});
