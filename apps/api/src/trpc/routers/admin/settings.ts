/** 系统设置: the whole site configuration, read and saved by the owner alone (legacy §2.1). */
import { SiteConfigPatchSchema } from '@forum/contracts';
import { getSiteConfig, saveSiteConfig } from '@forum/core';
import { ownerProcedure, router } from '../../init';
import { auditMetaOf } from './meta';

export const adminSettingsRouter = router({
  get: ownerProcedure.query(() => getSiteConfig()),
  save: ownerProcedure
    .input(SiteConfigPatchSchema)
    .mutation(({ ctx, input }) => saveSiteConfig(ctx.user._id, input, auditMetaOf(ctx))),
});
