import { ProjectDraftSchema, type ProjectDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { projectProject } from '../read-model/links';
import type { RequestContext } from '../request-context';
import { Project, type ProjectDoc } from './model';
import { validProjectId } from './rules';

/** Replaces every editable field of project `id`; "项目不存在" when there is none with this id. */
export async function updateProject(
  ctx: RequestContext,
  input: ProjectDraftInput & { id: number },
): Promise<ProjectDoc> {
  authorize(ctx.actor, 'moderate');
  const { id: projectId, ...fields } = input;
  const draft = parseInput(ProjectDraftSchema, fields);
  const updated = validProjectId(projectId)
    ? await Project.findOneAndUpdate(
        { _id: projectId },
        { $set: draft },
        { returnDocument: 'after' },
      ).lean<ProjectDoc>()
    : null;
  if (!updated) throw new AppError('NOT_FOUND', Texts.projects.missing);
  await projectProject(updated);
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'project',
    dataId: projectId,
    description: Texts.audit.projectUpdated(updated.name),
  });
  return updated;
}
