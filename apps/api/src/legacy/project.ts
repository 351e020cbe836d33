/**
 * Projects: `/api/project/...` (legacy-api.md §1.12) and `/api/admin/project/...`, new here (bbs-go
 * never routed its project admin) and shaped like the other admin CRUD endpoints of §2.2.
 */
import type { NextFunction, Request, Response, Router } from 'express';
import type { ProjectDraftInput } from '@forum/contracts';
import {
  articleRenderOptions,
  createProject,
  getProject,
  legacyProjectList,
  legacyProjectOf,
  legacyProjectRow,
  listProjects,
  updateProject,
} from '@forum/core';
import { requireAdmin } from './auth';
import { formInt, formValue } from './fans';
import { handle, handlePublic } from './handler';
import { siteBaseUrl } from './topic';

function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d{1,15}$/.test(String(req.params.id)) ? undefined : 'route');
}

const render = () => articleRenderOptions(siteBaseUrl());

function draftOf(req: Request): ProjectDraftInput {
  const text = (name: string) => formValue(req, name) ?? '';
  return {
    name: text('name'),
    title: text('title'),
    logo: text('logo'),
    url: text('url'),
    docUrl: text('docUrl'),
    downloadUrl: text('downloadUrl'),
    content: text('content'),
  };
}

export function projectRoutes(api: Router): void {
  api.get(
    '/project/projects',
    handlePublic(async (req) => {
      const { page, results } = await listProjects({ page: formInt(req, 'page', 1) });
      return { page, results: await legacyProjectList(results, await render()) };
    }),
  );
  api.get(
    '/project/:id',
    numericId,
    handlePublic(async (req) => legacyProjectOf(await getProject(Number(req.params.id)), await render())),
  );
}

export function adminProjectRoutes(api: Router): void {
  api.post(
    '/admin/project/create',
    handle(async (req) => legacyProjectRow(await createProject(await requireAdmin(req), draftOf(req)))),
  );
  api.post(
    '/admin/project/update',
    handle(async (req) =>
      legacyProjectRow(await updateProject(await requireAdmin(req), formInt(req, 'id'), draftOf(req))),
    ),
  );
  api.all(
    '/admin/project/list',
    handle(async (req) => {
      await requireAdmin(req);
      const { page, results } = await listProjects({
        page: formInt(req, 'page', 1),
        limit: formInt(req, 'limit', 20),
      });
      return { page, results: results.length ? results.map(legacyProjectRow) : null };
    }),
  );
  api.get(
    '/admin/project/:id',
    numericId,
    handle(async (req) => {
      await requireAdmin(req);
      return legacyProjectRow(await getProject(Number(req.params.id)));
    }),
  );
}
