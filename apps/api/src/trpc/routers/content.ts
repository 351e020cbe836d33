import { z } from 'zod';
import { Texts, TOPIC_CONTENT_MAX_LENGTH } from '@forum/contracts';
import { hitRateLimit, renderMarkdown, siteRenderOptions, stripNul } from '@forum/core';
import { authedProcedure, router } from '../init';

export const contentRouter = router({
  /**
   * The editor's preview: the exact server rendering a post will get (sanitised HTML). Signed-in
   * users only, and rate-limited, since rendering costs CPU. Same cap and text as a topic body: a
   * preview renders what could be posted.
   */
  preview: authedProcedure
    .input(z.object({ markdown: z.string().max(TOPIC_CONTENT_MAX_LENGTH, Texts.topics.contentTooLong) }))
    .mutation(async ({ ctx, input }) => {
      await hitRateLimit('preview', ctx.user._id);
      return { html: renderMarkdown(stripNul(input.markdown), await siteRenderOptions()) };
    }),
});
