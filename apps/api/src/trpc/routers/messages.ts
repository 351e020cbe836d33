import { MarkMessagesReadInputSchema, MessageListInputSchema } from '@forum/contracts';
import { listMessages, markMessagesRead, recentMessages } from '@forum/core';
import { authedProcedure, publicProcedure, router } from '../init';

export const messagesRouter = router({
  /** The unread count and the three newest unread messages (visitors: 0). */
  recent: publicProcedure.query(({ ctx }) => recentMessages(ctx.user)),
  /** A page of messages, newest first, with their read state; the page then calls `markRead`. */
  list: authedProcedure.input(MessageListInputSchema).query(async ({ ctx, input }) => {
    const { page, results } = await listMessages(ctx.user, input.page);
    return { ...page, results };
  }),
  markRead: authedProcedure
    .input(MarkMessagesReadInputSchema)
    .mutation(async ({ ctx, input }) => ({ count: await markMessagesRead(ctx.request, input.upTo) })),
});
