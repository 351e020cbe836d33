/** 节点: the console's node screen; changes are the owner's (legacy §2.1), reading is the admins'. */
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
import { adminPageOf, auditMetaOf } from './meta';

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
    .mutation(async ({ ctx, input }) => present(await createNode(ctx.user, input, auditMetaOf(ctx)))),
  update: ownerProcedure.input(AdminNodeUpdateInputSchema).mutation(async ({ ctx, input }) => {
    const { id, ...draft } = input;
    return present(await updateNode(ctx.user, id, draft, auditMetaOf(ctx)));
  }),
  reorder: ownerProcedure.input(AdminReorderInputSchema).mutation(async ({ ctx, input }) => {
    await reorderNodes(ctx.user, input.ids, auditMetaOf(ctx));
    return { ok: true };
  }),
});
