/** 违禁词: the console's forbidden-word screen (owner and admins). */
import {
  AdminForbiddenWordUpdateInputSchema,
  AdminIdInputSchema,
  ForbiddenWordDraftSchema,
  ForbiddenWordListInputSchema,
  ForbiddenWordTestInputSchema,
} from '@forum/contracts';
import {
  createForbiddenWord,
  deleteForbiddenWord,
  listForbiddenWordsForAdmin,
  presentForbiddenWord,
  testForbiddenWordsForAdmin,
  updateForbiddenWord,
} from '@forum/core';
import { adminProcedure, router } from '../../init';
import { adminPageOf } from './meta';

export const adminForbiddenWordsRouter = router({
  list: adminProcedure
    .input(ForbiddenWordListInputSchema)
    .query(async ({ ctx, input }) =>
      adminPageOf(await listForbiddenWordsForAdmin(ctx.request, input), presentForbiddenWord),
    ),
  create: adminProcedure
    .input(ForbiddenWordDraftSchema)
    .mutation(async ({ ctx, input }) => presentForbiddenWord(await createForbiddenWord(ctx.request, input))),
  update: adminProcedure.input(AdminForbiddenWordUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return presentForbiddenWord(await updateForbiddenWord(ctx.request, input));
  }),
  delete: adminProcedure.input(AdminIdInputSchema).mutation(async ({ ctx, input }) => {
    await deleteForbiddenWord(ctx.request, input);
    return { ok: true };
  }),
  /** Which rules a sample matches, the draft rule (id 0) included; changes nothing. */
  test: adminProcedure
    .input(ForbiddenWordTestInputSchema)
    .mutation(({ ctx, input }) => testForbiddenWordsForAdmin(ctx.request, input)),
});
