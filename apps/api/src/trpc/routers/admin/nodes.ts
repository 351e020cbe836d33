/** 节点: the console's node screen; changes are the owner's (docs/legacy-api.md §2.1), reading is the admins'. */
import {
  AdminIdInputSchema,
  AdminNodeListInputSchema,
  AdminNodeUpdateInputSchema,
  AdminReorderInputSchema,
  NodeDraftSchema,
  type AdminNodeItem,
  Texts,
} from '@forum/contracts';
import {
  AppError,
  createNode,
  getNodeForAdmin,
  legacyNodeRow,
  listNodesForAdmin,
  reorderNodes,
  updateNode,
} from '@forum/core';
import { adminProcedure, ownerProcedure, router } from '../../init';
import { adminPageOf } from './meta';

const present = (node: Parameters<typeof legacyNodeRow>[0]): AdminNodeItem => legacyNodeRow(node);

export const adminNodesRouter = router({
  list: adminProcedure
    .input(AdminNodeListInputSchema)
    .query(async ({ input }) => adminPageOf(await listNodesForAdmin(input), present)),
  byId: adminProcedure.input(AdminIdInputSchema).query(async ({ input }) => {
    const node = await getNodeForAdmin(input.id);
    if (!node) throw new AppError('NOT_FOUND', Texts.nodes.missing);
    return present(node);
  }),
  create: ownerProcedure
    .input(NodeDraftSchema)
    .mutation(async ({ ctx, input }) => present(await createNode(ctx.request, input))),
  update: ownerProcedure.input(AdminNodeUpdateInputSchema).mutation(async ({ ctx, input }) => {
    return present(await updateNode(ctx.request, input));
  }),
  reorder: ownerProcedure.input(AdminReorderInputSchema).mutation(async ({ ctx, input }) => {
    await reorderNodes(ctx.request, input);
    return { ok: true };
  }),
});
