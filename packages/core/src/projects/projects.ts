/** Projects: admins create and edit them; everyone reads the list and a project's page. */
import {
  PROJECT_PAGE_SIZE,
  ProjectDraftSchema,
  type ProjectDraft,
  type ProjectDraftInput,
  Texts,
} from '@forum/contracts';
import { logAdminAction, type AuditMeta } from '../audit/admin-action';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import { Project, type ProjectDoc } from './model';
import { adminPaging, containsText } from '../audit/admin-query';
import { pageByNumber } from '../read-model/lists';
import { projectLists, projectProject, readProject, readProjects } from '../read-model/links';

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
  meta: AuditMeta = {},
): Promise<ProjectDoc> {
  const user = authorize(actor, 'moderate');
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
  await logAdminAction(
    user,
    { opType: 'create', dataType: 'project', dataId: project._id, description: `创建项目：${project.name}` },
    meta,
  );
  return project;
}

/** Replaces every editable field of a project; "项目不存在" when there is none with this id. */
export async function updateProject(
  actor: UserDoc | null | undefined,
  projectId: number,
  input: ProjectDraftInput,
  meta: AuditMeta = {},
): Promise<ProjectDoc> {
  const user = authorize(actor, 'moderate');
  const draft = parseDraft(input);
  const updated =
    Number.isSafeInteger(projectId) && projectId > 0
      ? await Project.findOneAndUpdate(
          { _id: projectId },
          { $set: draft },
          { returnDocument: 'after' },
        ).lean<ProjectDoc>()
      : null;
  if (!updated) throw new AppError('NOT_FOUND', Texts.projects.missing);
  await projectProject(updated);
  await logAdminAction(
    user,
    { opType: 'update', dataType: 'project', dataId: projectId, description: `修改项目：${updated.name}` },
    meta,
  );
  return updated;
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** A shown project; a hidden or missing one is "项目不存在". */
export async function getProject(projectId: number): Promise<ProjectDoc> {
  const project = validId(projectId) ? await readProject(projectId) : null;
  if (!project || (project.status ?? 0) !== 0) throw new AppError('NOT_FOUND', Texts.projects.missing);
  return project;
}

/** Any project, hidden ones too, for the admin. */
export async function getProjectForAdmin(
  actor: UserDoc | null | undefined,
  projectId: number,
): Promise<ProjectDoc> {
  authorize(actor, 'moderate');
  const project = validId(projectId) ? await Project.findById(projectId).lean<ProjectDoc>() : null;
  if (!project) throw new AppError('NOT_FOUND', Texts.projects.missing);
  return project;
}

export interface AdminProjectQuery {
  status?: number;
  /** Contained in the name, case-insensitively. */
  name?: string;
  page?: number;
  limit?: number;
}

/** Every project for the admin in display order; an admin filter, so it queries MongoDB. */
export async function listProjectsForAdmin(
  actor: UserDoc | null | undefined,
  query: AdminProjectQuery = {},
): Promise<ProjectPageResult> {
  authorize(actor, 'moderate');
  const { page, limit, skip } = adminPaging(query);
  const filter: Record<string, unknown> = {};
  if (query.status !== undefined) filter.status = query.status === 0 ? { $ne: 1 } : query.status;
  if (query.name) filter.name = containsText(query.name);
  const [results, total] = await Promise.all([
    Project.find(filter).sort({ sortNo: 1, _id: -1 }).skip(skip).limit(limit).lean<ProjectDoc[]>(),
    Project.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}

export interface ProjectPageResult {
  page: { page: number; limit: number; total: number };
  results: ProjectDoc[];
}

/** Projects in display order by page number (legacy GET /api/project/projects: 20 a page). */
export async function listProjects({
  page = 1,
  limit = PROJECT_PAGE_SIZE,
}: { page?: number; limit?: number } = {}): Promise<ProjectPageResult> {
  const safePage = page > 0 ? Math.floor(page) : 1;
  const safeLimit = limit > 0 ? Math.min(100, Math.floor(limit)) : PROJECT_PAGE_SIZE;
  const { ids, total } = await pageByNumber(projectLists.all(), safePage, safeLimit);
  return { page: { page: safePage, limit: safeLimit, total }, results: await readProjects(ids) };
}
