/** Projects: `/api/project/...` (legacy-api.md §1.12); their admin is in `admin/project.ts`. */
import type { NextFunction, Request, Response, Router } from 'express';
import { getProject, legacyProjectList, legacyProjectOf, listProjects } from '@forum/core';
import { formInt } from './fans';
import { handlePublic } from './handler';

function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d{1,15}$/.test(String(req.params.id)) ? undefined : 'route');
}

export function projectRoutes(api: Router): void {
  api.get(
    '/project/projects',
    handlePublic(async (req) => {
      const { page, results } = await listProjects({ page: formInt(req, 'page', 1) });
      return { page, results: await legacyProjectList(results) };
    }),
  );
  api.get(
    '/project/:id',
    numericId,
    handlePublic(async (req) => legacyProjectOf(await getProject(Number(req.params.id)))),
  );
}
