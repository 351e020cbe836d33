import { SiteConfigPatchSchema } from '@forum/contracts';
import { getSiteConfig, saveSiteConfig } from '@forum/core';
import { ownerProcedure, publicProcedure, router } from '../init';

export const configRouter = router({
  /** The public site configuration (twin of GET /api/config/configs). */
  get: publicProcedure.query(() => getSiteConfig()),
  /** Saves some keys (twin of POST /api/admin/sys-config/save); owner only. */
  save: ownerProcedure
    .input(SiteConfigPatchSchema)
    .mutation(({ ctx, input }) => saveSiteConfig(ctx.request, input)),
});
