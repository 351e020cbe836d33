/** Node admin, `/api/admin/topic-node/...` (docs/legacy-api.md §2.2); create and update are the owner's. */
import { Texts } from '@forum/contracts';
import type { Router } from 'express';
import {
  AppError,
  createNode,
  getNodeForAdmin,
  listNodes,
  listNodesForAdmin,
  reorderNodes,
  updateNode,
} from '@forum/core';
import { contextOf, formInt, formText, idsOf } from '../form';
import { handleAdmin } from './guard';
import { intFilter, statusOf, textFilter } from './forms';
import { adminResourceRoutes } from './resource';
import { legacyNodeRow } from '../presenters/nodes';

export function adminTopicNodeRoutes(api: Router): void {
  adminResourceRoutes(api, {
    path: 'topic-node',
    draftOf: (req) => ({
      name: formText(req, 'name'),
      description: formText(req, 'description'),
      logo: formText(req, 'logo'),
      sortNo: formInt(req, 'sortNo'),
      status: statusOf(req),
    }),
    present: legacyNodeRow,
    create: createNode,
    update: updateNode,
    list: (ctx, req, page) =>
      listNodesForAdmin(ctx, {
        name: textFilter(req, 'name', 32),
        status: intFilter(req, 'status'),
        ...page,
      }),
    async get(ctx, id) {
      const node = await getNodeForAdmin(ctx, id);
      if (!node) throw new AppError('NOT_FOUND', Texts.admin.notFoundById(id));
      return node;
    },
  });
  // Ours: the console's drag ordering, `ids` in the new order (owner, as every node change).
  api.post(
    '/admin/topic-node/sort',
    handleAdmin(async (req, actor) => {
      await reorderNodes(contextOf(req, actor), { ids: idsOf(req, 'ids') });
      return null;
    }),
  );
  api.get(
    '/admin/topic-node/nodes',
    handleAdmin(async () => (await listNodes()).map(legacyNodeRow)),
  );
}
