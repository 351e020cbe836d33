import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import { readProject } from '../read-model/links';
import type { ProjectDoc } from './model';
import { validProjectId } from './rules';

/** A shown project; a hidden or missing one is "项目不存在". */
export async function getProject(projectId: number): Promise<ProjectDoc> {
  const project = validProjectId(projectId) ? await readProject(projectId) : null;
  if (!project || (project.status ?? 0) !== 0) throw new AppError('NOT_FOUND', Texts.projects.missing);
  return project;
}
