import { z } from 'zod';
import { hitRateLimit, renderMarkdown, siteRenderOptions, stripNul } from '@forum/core';
import { authedProcedure, router } from '../init';

/** Same cap as topic bodies: a preview renders what could be posted. */
const PREVIEW_MAX_LENGTH = 20_000;

export const contentRouter = router({
  /**
   * The editor's preview: the exact server rendering a post will get (sanitised HTML). Signed-in
   * users only, and rate-limited, since rendering costs CPU.
   */
  preview: authedProcedure
    .input(z.object({ markdown: z.string().max(PREVIEW_MAX_LENGTH, '内容长度不能超过20000') }))
    .mutation(async ({ ctx, input }) => {
      await hitRateLimit('preview', ctx.user._id);
      return { html: renderMarkdown(stripNul(input.markdown), await siteRenderOptions()) };
    }),
});
