import { MentionSuggestInputSchema } from '@forum/contracts';
import { suggestMembers } from '@forum/core';
import { authedProcedure, router } from '../init';

/** The editors' `@` list (docs/events-and-jobs.md "Mentions"). */
export const mentionsRouter = router({
  /** Members whose username or nickname starts with the prefix, from the read model. */
  suggest: authedProcedure
    .input(MentionSuggestInputSchema)
    .query(({ ctx, input }) => suggestMembers(ctx.request, input)),
});
