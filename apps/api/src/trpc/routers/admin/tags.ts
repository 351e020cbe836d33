/** 标签: the console's tag screen; changes are the owner's (docs/legacy-api.md §2.1), reading is the admins'. */
import {
  AdminIdInputSchema,
  AdminTagListInputSchema,
  AdminTagUpdateInputSchema,
  TagDraftSchema,
} from '@forum/contracts';
import { createTag, getTagForAdmin, listTagsForAdmin, presentAdminTag, updateTag } from '@forum/core';
import { adminProcedure, ownerProcedure, router } from '../../init';
import { adminPageOf } from './meta';

export const adminTagsRouter = router({
  list: adminProcedure
    .input(AdminTagListInputSchema)
    .query(async ({ ctx, input }) =>
      adminPageOf(await listTagsForAdmin(ctx.request, input), presentAdminTag),
    ),
  byId: adminProcedure
    .input(AdminIdInputSchema)
    .query(async ({ ctx, input }) => presentAdminTag(await getTagForAdmin(ctx.request, input.id))),
  create: ownerProcedure
    .input(TagDraftSchema)
    .mutation(async ({ ctx, input }) => presentAdminTag(await createTag(ctx.request, input))),
  update: ownerProcedure.input(AdminTagUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return presentAdminTag(await updateTag(ctx.request, input));
  }),
});
