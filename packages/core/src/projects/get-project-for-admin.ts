import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { Project, type ProjectDoc } from './model';
import { validProjectId } from './rules';

/** Any project, hidden ones too, for the admin. */
export async function getProjectForAdmin(ctx: RequestContext, projectId: number): Promise<ProjectDoc> {
  authorize(ctx.actor, 'getProjectForAdmin');
  const project = validProjectId(projectId) ? await Project.findById(projectId).lean<ProjectDoc>() : null;
  if (!project) throw new AppError('NOT_FOUND', Texts.projects.missing);
  return project;
}
