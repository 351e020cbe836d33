/** 系统设置: the whole site configuration and the mail server, read and saved by the owner alone (docs/legacy-api.md §2.1). */
import { MailSettingsInputSchema, SiteConfigPatchSchema, TestMailInputSchema } from '@forum/contracts';
import {
  getMailSettingsForAdmin,
  getSiteConfigForAdmin,
  saveMailSettings,
  saveSiteConfig,
  sendTestMail,
} from '@forum/core';
import { ownerProcedure, router } from '../../init';

export const adminSettingsRouter = router({
  get: ownerProcedure.query(({ ctx }) => getSiteConfigForAdmin(ctx.request)),
  save: ownerProcedure
    .input(SiteConfigPatchSchema)
    .mutation(({ ctx, input }) => saveSiteConfig(ctx.request, input)),
  /** The SMTP server without its password (write-only). */
  mail: ownerProcedure.query(({ ctx }) => getMailSettingsForAdmin(ctx.request)),
  saveMail: ownerProcedure
    .input(MailSettingsInputSchema)
    .mutation(({ ctx, input }) => saveMailSettings(ctx.request, input)),
  /** Sends a test mail through the mail queue with the settings in force and waits for it. */
  testMail: ownerProcedure.input(TestMailInputSchema).mutation(async ({ ctx, input }) => {
    await sendTestMail(ctx.request, input);
    return null;
  }),
});
