/**
 * Editing one's own comments and tweets after posting, and their history for moderators. bbs-go
 * had neither: there is no legacy route, but its reads show the edited text.
 */
import { EditContentInputSchema, EditTargetSchema } from '@forum/contracts';
import { editContent, getEditHistoryForAdmin, getEditSource } from '@forum/core';
import { adminProcedure, postingProcedure, router } from '../init';

export const editsRouter = router({
  /** The stored text for the inline editor, when the caller may edit the item now. */
  source: postingProcedure
    .input(EditTargetSchema)
    .query(({ ctx, input }) => getEditSource(ctx.request, input)),
  save: postingProcedure.input(EditContentInputSchema).mutation(async ({ ctx, input }) => {
    await editContent(ctx.request, input);
    return { ok: true as const };
  }),
  history: adminProcedure
    .input(EditTargetSchema)
    .query(({ ctx, input }) => getEditHistoryForAdmin(ctx.request, input)),
});
