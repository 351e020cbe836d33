import { z } from 'zod';
import { Texts, TOPIC_CONTENT_MAX_LENGTH } from '@forum/contracts';
import {
  hitRateLimit,
  linkMentions,
  renderMarkdown,
  resolveMentions,
  siteRenderOptions,
  stripNul,
} from '@forum/core';
import { authedProcedure, router } from '../init';

export const contentRouter = router({
  /**
   * The editor's preview: the exact server rendering a post will get (sanitised HTML). Signed-in
   * users only, and rate-limited, since rendering costs CPU. Same cap and text as a topic body: a
   * preview renders what could be posted, its `@username`s of members linked as the post will be.
   */
  preview: authedProcedure
    .input(z.object({ markdown: z.string().max(TOPIC_CONTENT_MAX_LENGTH, Texts.topics.contentTooLong) }))
    .mutation(async ({ ctx, input }) => {
      await hitRateLimit('preview', ctx.user._id);
      const markdown = stripNul(input.markdown);
      const html = renderMarkdown(markdown, await siteRenderOptions());
      return { html: linkMentions(html, await resolveMentions(markdown)) };
    }),
});
