/** 节点: the console's node screen; changes are the owner's (docs/legacy-api.md §2.1), reading is the admins'. */
import {
  AdminIdInputSchema,
  AdminNodeListInputSchema,
  AdminNodeUpdateInputSchema,
  AdminReorderInputSchema,
  NodeDraftSchema,
  Texts,
} from '@forum/contracts';
import {
  AppError,
  createNode,
  getNodeForAdmin,
  listNodesForAdmin,
  presentAdminNode,
  reorderNodes,
  updateNode,
} from '@forum/core';
import { adminProcedure, ownerProcedure, router } from '../../init';
import { adminPageOf } from './meta';

export const adminNodesRouter = router({
  list: adminProcedure
    .input(AdminNodeListInputSchema)
    .query(async ({ ctx, input }) =>
      adminPageOf(await listNodesForAdmin(ctx.request, input), presentAdminNode),
    ),
  byId: adminProcedure.input(AdminIdInputSchema).query(async ({ ctx, input }) => {
    const node = await getNodeForAdmin(ctx.request, input.id);
    if (!node) throw new AppError('NOT_FOUND', Texts.nodes.missing);
    return presentAdminNode(node);
  }),
  create: ownerProcedure
    .input(NodeDraftSchema)
    .mutation(async ({ ctx, input }) => presentAdminNode(await createNode(ctx.request, input))),
  update: ownerProcedure.input(AdminNodeUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return presentAdminNode(await updateNode(ctx.request, input));
  }),
  reorder: ownerProcedure.input(AdminReorderInputSchema).mutation(async ({ ctx, input }) => {
    await reorderNodes(ctx.request, input);
    return { ok: true };
  }),
});
