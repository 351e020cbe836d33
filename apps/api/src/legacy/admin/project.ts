/**
 * Project admin, `/api/admin/project/...`: new here (bbs-go never routed its project admin, so
 * projects could only be made in the database) and shaped like the other admin CRUD of §2.2.
 */
import type { Request, Router } from 'express';
import type { ProjectDraftInput } from '@forum/contracts';
import {
  createProject,
  getProjectForAdmin,
  legacyProjectRow,
  listProjectsForAdmin,
  updateProject,
} from '@forum/core';
import { admitAdmin } from './guard';
import { formInt } from '../fans';
import { handle } from '../handler';
import {
  auditMeta,
  filterInt,
  filterText,
  idParam,
  numberedPage,
  numericId,
  paging,
  statusOf,
  text,
} from './params';

function draftOf(req: Request): ProjectDraftInput {
  return {
    name: text(req, 'name'),
    title: text(req, 'title'),
    logo: text(req, 'logo'),
    url: text(req, 'url'),
    docUrl: text(req, 'docUrl'),
    downloadUrl: text(req, 'downloadUrl'),
    content: text(req, 'content'),
    status: statusOf(req),
    sortNo: formInt(req, 'sortNo'),
  };
}

export function adminProjectRoutes(api: Router): void {
  api.post(
    '/admin/project/create',
    handle(async (req) =>
      legacyProjectRow(await createProject(await admitAdmin(req), draftOf(req), auditMeta(req))),
    ),
  );
  api.post(
    '/admin/project/update',
    handle(async (req) =>
      legacyProjectRow(
        await updateProject(await admitAdmin(req), formInt(req, 'id'), draftOf(req), auditMeta(req)),
      ),
    ),
  );
  api.all(
    '/admin/project/list',
    handle(async (req) => {
      const actor = await admitAdmin(req);
      const result = await listProjectsForAdmin(actor, {
        status: filterInt(req, 'status'),
        name: filterText(req, 'name', 128),
        ...paging(req),
      });
      return numberedPage(result, legacyProjectRow);
    }),
  );
  api.get(
    '/admin/project/:id',
    numericId,
    handle(async (req) => legacyProjectRow(await getProjectForAdmin(await admitAdmin(req), idParam(req)))),
  );
}
