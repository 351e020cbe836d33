/**
 * Output shapes of projects: legacy ProjectSimpleResponse / ProjectResponse (docs/legacy-api.md §1.1, key order
 * included), the raw `t_project` row of the admin API, and our tRPC items. Legacy text fields go
 * out HTML-escaped, as for articles; addresses were normalised to http(s) when stored.
 */
import {
  PROJECT_SUMMARY_LENGTH,
  type AdminProjectItem,
  type ProjectDetail,
  type ProjectHeading,
  type ProjectItem,
} from '@forum/contracts';
import { renderMarkdown, renderText, sanitizeHtml, summarize, type RenderOptions } from '../markdown';
import type { UserDoc } from '../users/model';
import { legacyUserInfo, type LegacyUserInfo } from '../users/presenters';
import type { ProjectDoc } from './model';
import { usersByIds } from '../users/users';
import { siteRenderOptions } from '../site';

function projectHtml(project: ProjectDoc, render: RenderOptions): string {
  return project.contentType === 'html'
    ? sanitizeHtml(project.content ?? '', render)
    : renderMarkdown(project.content ?? '', render);
}

export interface LegacyProjectSimple extends ProjectHeading {
  projectId: number;
  user: LegacyUserInfo;
  summary: string;
  createTime: number;
}

export interface LegacyProject extends LegacyProjectSimple {
  content: string;
}

/** The users of a page of projects, in one query. */
async function authorsOf(projects: ProjectDoc[]): Promise<Map<number, UserDoc>> {
  return usersByIds(projects.map((project) => project.userId));
}

/** Name and addresses; `text` shapes the name and title (the legacy shapes escape them). */
function projectHeading(project: ProjectDoc, text = (value: string) => value): ProjectHeading {
  return {
    name: text(project.name),
    title: text(project.title ?? ''),
    logo: project.logo ?? '',
    url: project.url ?? '',
    docUrl: project.docUrl ?? '',
    downloadUrl: project.downloadUrl ?? '',
  };
}

function legacySimple(project: ProjectDoc, author: UserDoc | undefined, html: string): LegacyProjectSimple {
  return {
    projectId: project._id,
    user: legacyUserInfo(author, project.userId),
    ...projectHeading(project, renderText),
    summary: renderText(summarize(html, PROJECT_SUMMARY_LENGTH)),
    createTime: project.createTime,
  };
}

export async function legacyProjectList(projects: ProjectDoc[]): Promise<LegacyProjectSimple[] | null> {
  if (!projects.length) return null;
  const authors = await authorsOf(projects);
  const render = await siteRenderOptions();
  return projects.map((project) =>
    legacySimple(project, authors.get(project.userId), projectHtml(project, render)),
  );
}

/** ProjectResponse, with `downloadUrl` filled (bbs-go left it empty, docs/legacy-api.md Appendix A #8). */
export async function legacyProjectOf(project: ProjectDoc): Promise<LegacyProject> {
  const html = projectHtml(project, await siteRenderOptions());
  const authors = await authorsOf([project]);
  return { ...legacySimple(project, authors.get(project.userId), html), content: html };
}

/** The raw row (legacy admin API), keys as `t_project`'s json names: the console's item, key for key. */
export function legacyProjectRow(project: ProjectDoc) {
  return presentAdminProject(project);
}

/** A project, any status, as the console lists and edits it (content as stored, not rendered). */
export function presentAdminProject(project: ProjectDoc): AdminProjectItem {
  return {
    id: project._id,
    userId: project.userId,
    ...projectHeading(project),
    contentType: project.contentType ?? 'markdown',
    content: project.content ?? '',
    status: project.status ?? 0,
    sortNo: project.sortNo ?? 0,
    createTime: project.createTime,
  };
}

function presentProject(project: ProjectDoc, render: RenderOptions): ProjectItem {
  return {
    id: project._id,
    ...projectHeading(project),
    summary: summarize(projectHtml(project, render), PROJECT_SUMMARY_LENGTH),
    createTime: project.createTime,
  };
}

export async function presentProjects(projects: ProjectDoc[]): Promise<ProjectItem[]> {
  const render = await siteRenderOptions();
  return projects.map((project) => presentProject(project, render));
}

export async function presentProjectDetail(project: ProjectDoc): Promise<ProjectDetail> {
  const render = await siteRenderOptions();
  return { ...presentProject(project, render), content: projectHtml(project, render) };
}
