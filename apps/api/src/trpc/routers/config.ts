import { SiteConfigPatchSchema } from '@forum/contracts';
import { advertisedSiteConfig, saveSiteConfig } from '@forum/core';
import { configuredProviders } from '../../config';
import { ownerProcedure, publicProcedure, router } from '../init';

export const configRouter = router({
  /**
   * The public site configuration (twin of GET /api/config/configs): third-party sign-ins only
   * when configured here.
   */
  get: publicProcedure.query(() => advertisedSiteConfig(configuredProviders())),
  /** Saves some keys (twin of POST /api/admin/sys-config/save); owner only. */
  save: ownerProcedure
    .input(SiteConfigPatchSchema)
    .mutation(({ ctx, input }) => saveSiteConfig(ctx.request, input)),
});
