/** Projects: admins create and edit them; everyone reads the list and a project's page. */
import {
  PROJECT_PAGE_SIZE,
  ProjectDraftSchema,
  type ProjectDraft,
  type ProjectDraftInput,
} from '@forum/contracts';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { isOwnerOrAdmin } from '../users/roles';
import { Project, type ProjectDoc } from './model';
import { pageByNumber } from '../read-model/lists';
import { projectLists, projectProject, readProject, readProjects } from '../read-model/links';

function assertAdmin(user: UserDoc | null | undefined): UserDoc {
  if (!user) throw new AppError('NOT_SIGNED_IN');
  if (!isOwnerOrAdmin(user)) throw new AppError('FORBIDDEN');
  return user;
}

function parseDraft(input: ProjectDraftInput): ProjectDraft {
  const parsed = ProjectDraftSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', parsed.error.issues[0]?.message, { cause: parsed.error });
  }
  return parsed.data;
}

export async function createProject(
  actor: UserDoc | null | undefined,
  input: ProjectDraftInput,
): Promise<ProjectDoc> {
  const user = assertAdmin(actor);
  const draft = parseDraft(input);
  const created = await Project.create({
    _id: await nextId('project'),
    userId: user._id,
    ...draft,
    contentType: 'markdown',
    createTime: Date.now(),
  });
  const project = created.toObject() as ProjectDoc;
  await projectProject(project);
  return project;
}

/** Replaces every editable field of a project; "项目不存在" when there is none with this id. */
export async function updateProject(
  actor: UserDoc | null | undefined,
  projectId: number,
  input: ProjectDraftInput,
): Promise<ProjectDoc> {
  assertAdmin(actor);
  const draft = parseDraft(input);
  const updated =
    Number.isSafeInteger(projectId) && projectId > 0
      ? await Project.findOneAndUpdate(
          { _id: projectId },
          { $set: draft },
          { returnDocument: 'after' },
        ).lean<ProjectDoc>()
      : null;
  if (!updated) throw new AppError('NOT_FOUND', '项目不存在');
  await projectProject(updated);
  return updated;
}

export async function getProject(projectId: number): Promise<ProjectDoc> {
  const project = Number.isSafeInteger(projectId) && projectId > 0 ? await readProject(projectId) : null;
  if (!project) throw new AppError('NOT_FOUND', '项目不存在');
  return project;
}

export interface ProjectPageResult {
  page: { page: number; limit: number; total: number };
  results: ProjectDoc[];
}

/** Projects newest first by page number (legacy GET /api/project/projects: 20 a page). */
export async function listProjects({
  page = 1,
  limit = PROJECT_PAGE_SIZE,
}: { page?: number; limit?: number } = {}): Promise<ProjectPageResult> {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const safeLimit = limit > 0 ? Math.min(100, Math.floor(limit)) : PROJECT_PAGE_SIZE;
  const { ids, total } = await pageByNumber(projectLists.all(), safePage, safeLimit);
  return { page: { page: safePage, limit: safeLimit, total }, results: await readProjects(ids) };
}
