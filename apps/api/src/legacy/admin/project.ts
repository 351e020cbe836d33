/**
 * Project admin, `/api/admin/project/...`: new here (bbs-go never routed its project admin, so
 * projects could only be made in the database) and shaped like the other admin CRUD of docs/legacy-api.md §2.2.
 */
import type { Router } from 'express';
import { createProject, getProjectForAdmin, listProjectsForAdmin, updateProject } from '@forum/core';
import { formInt, formText } from '../form';
import { intFilter, statusOf, textFilter } from './forms';
import { adminResourceRoutes } from './resource';
import { legacyProjectRow } from '../presenters/projects';

export function adminProjectRoutes(api: Router): void {
  adminResourceRoutes(api, {
    path: 'project',
    draftOf: (req) => ({
      name: formText(req, 'name'),
      title: formText(req, 'title'),
      logo: formText(req, 'logo'),
      url: formText(req, 'url'),
      docUrl: formText(req, 'docUrl'),
      downloadUrl: formText(req, 'downloadUrl'),
      content: formText(req, 'content'),
      status: statusOf(req),
      sortNo: formInt(req, 'sortNo'),
    }),
    present: legacyProjectRow,
    create: createProject,
    update: updateProject,
    list: (ctx, req, page) =>
      listProjectsForAdmin(ctx, {
        status: intFilter(req, 'status'),
        name: textFilter(req, 'name', 128),
        ...page,
      }),
    get: getProjectForAdmin,
  });
}
