/** Projects: `/api/project/...` (docs/legacy-api.md §1.12); their admin is in `admin/project.ts`. */
import type { Router } from 'express';
import { getProject, listProjects } from '@forum/core';
import { formInt, idOf, numericId } from './form';
import { handlePublic } from './handler';
import { legacyProjectList, legacyProjectOf } from './presenters/projects';

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
    handlePublic(async (req) => legacyProjectOf(await getProject(idOf(req)))),
  );
}
