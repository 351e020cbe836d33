import { ProjectDraftSchema, type ProjectDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { insertNumbered } from '../db/insert-numbered';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { projectProject } from '../read-model/links';
import type { RequestContext } from '../request-context';
import { Project, type ProjectDoc } from './model';

/** A moderator adds a project. */
export async function createProject(ctx: RequestContext, input: ProjectDraftInput): Promise<ProjectDoc> {
  const user = authorize(ctx.actor, 'moderate');
  const draft = parseInput(ProjectDraftSchema, input);
  const project = await insertNumbered<ProjectDoc>(Project, 'project', {
    userId: user._id,
    ...draft,
    contentType: 'markdown',
    createTime: Date.now(),
  });
  await projectProject(project);
  await logAdminAction(ctx, {
    opType: 'create',
    dataType: 'project',
    dataId: project._id,
    description: Texts.audit.projectCreated(project.name),
  });
  return project;
}
