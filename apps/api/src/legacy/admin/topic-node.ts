/** Node admin, `/api/admin/topic-node/...` (legacy-api.md §2.2); create and update are the owner's. */
import type { Request, Router } from 'express';
import {
  AppError,
  createNode,
  getNodeForAdmin,
  legacyNodeRow,
  listNodes,
  listNodesForAdmin,
  reorderNodes,
  updateNode,
} from '@forum/core';
import { admitAdmin } from './guard';
import { formInt } from '../fans';
import { handle } from '../handler';
import {
  auditMeta,
  filterInt,
  filterText,
  idParam,
  idsOf,
  numberedPage,
  numericId,
  paging,
  statusOf,
  text,
} from './params';

const draftOf = (req: Request) => ({
  name: text(req, 'name'),
  description: text(req, 'description'),
  logo: text(req, 'logo'),
  sortNo: formInt(req, 'sortNo'),
  status: statusOf(req),
});

export function adminTopicNodeRoutes(api: Router): void {
  api.post(
    '/admin/topic-node/create',
    handle(async (req) =>
      legacyNodeRow(await createNode(await admitAdmin(req), draftOf(req), auditMeta(req))),
    ),
  );
  api.post(
    '/admin/topic-node/update',
    handle(async (req) =>
      legacyNodeRow(
        await updateNode(await admitAdmin(req), formInt(req, 'id'), draftOf(req), auditMeta(req)),
      ),
    ),
  );
  // Ours: the console's drag ordering, `ids` in the new order (owner, as every node change).
  api.post(
    '/admin/topic-node/sort',
    handle(async (req) => {
      await reorderNodes(await admitAdmin(req), idsOf(req, 'ids'), auditMeta(req));
      return null;
    }),
  );
  api.all(
    '/admin/topic-node/list',
    handle(async (req) => {
      await admitAdmin(req);
      const result = await listNodesForAdmin({
        name: filterText(req, 'name', 32),
        status: filterInt(req, 'status'),
        ...paging(req),
      });
      return numberedPage(result, legacyNodeRow);
    }),
  );
  api.get(
    '/admin/topic-node/nodes',
    handle(async (req) => {
      await admitAdmin(req);
      return (await listNodes()).map(legacyNodeRow);
    }),
  );
  api.get(
    '/admin/topic-node/:id',
    numericId,
    handle(async (req) => {
      await admitAdmin(req);
      const node = await getNodeForAdmin(idParam(req));
      if (!node) throw new AppError('NOT_FOUND', `Not found, id=${idParam(req)}`);
      return legacyNodeRow(node);
    }),
  );
}
