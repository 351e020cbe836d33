/** 标签: the console's tag screen; changes are the owner's (docs/legacy-api.md §2.1), reading is the admins'. */
import {
  AdminIdInputSchema,
  AdminTagListInputSchema,
  AdminTagUpdateInputSchema,
  TagDraftSchema,
  type AdminTagItem,
} from '@forum/contracts';
import { createTag, getTagForAdmin, legacyTagRow, listTagsForAdmin, updateTag } from '@forum/core';
import { adminProcedure, ownerProcedure, router } from '../../init';
import { adminPageOf } from './meta';

const present = (tag: Parameters<typeof legacyTagRow>[0]): AdminTagItem => legacyTagRow(tag);

export const adminTagsRouter = router({
  list: adminProcedure
    .input(AdminTagListInputSchema)
    .query(async ({ ctx, input }) => adminPageOf(await listTagsForAdmin(ctx.user, input), present)),
  byId: adminProcedure
    .input(AdminIdInputSchema)
    .query(async ({ ctx, input }) => present(await getTagForAdmin(ctx.user, input.id))),
  create: ownerProcedure
    .input(TagDraftSchema)
    .mutation(async ({ ctx, input }) => present(await createTag(ctx.request, input))),
  update: ownerProcedure.input(AdminTagUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return present(await updateTag(ctx.request, input));
  }),
});
