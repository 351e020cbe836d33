/** 友情链接: the console's link screen (owner and admins). */
import {
  AdminIdInputSchema,
  AdminLinkListInputSchema,
  AdminLinkUpdateInputSchema,
  AdminReorderInputSchema,
  LinkDetectInputSchema,
  LinkDraftSchema,
} from '@forum/contracts';
import {
  createLink,
  detectLink,
  getLinkForAdmin,
  listLinksForAdmin,
  presentAdminLink,
  reorderLinks,
  updateLink,
} from '@forum/core';
import { adminProcedure, router } from '../../init';
import { adminPageOf } from './meta';

export const adminLinksRouter = router({
  list: adminProcedure
    .input(AdminLinkListInputSchema)
    .query(async ({ ctx, input }) =>
      adminPageOf(await listLinksForAdmin(ctx.request, input), presentAdminLink),
    ),
  byId: adminProcedure
    .input(AdminIdInputSchema)
    .query(async ({ ctx, input }) => presentAdminLink(await getLinkForAdmin(ctx.request, input.id))),
  create: adminProcedure
    .input(LinkDraftSchema)
    .mutation(async ({ ctx, input }) => presentAdminLink(await createLink(ctx.request, input))),
  update: adminProcedure
    .input(AdminLinkUpdateInputSchema)
    .mutation(async ({ ctx, input }) => presentAdminLink(await updateLink(ctx.request, input))),
  reorder: adminProcedure.input(AdminReorderInputSchema).mutation(async ({ ctx, input }) => {
    await reorderLinks(ctx.request, input);
    return { ok: true };
  }),
  /** Title and description of the page at `url`; null when it cannot be read (see detectLink). */
  detect: adminProcedure.input(LinkDetectInputSchema).mutation(({ input }) => detectLink(input.url)),
});
