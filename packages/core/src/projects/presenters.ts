/**
 * Output shapes of projects: our tRPC items and the console's item. Addresses were normalised to
 * http(s) when stored.
 */
import {
  PROJECT_SUMMARY_LENGTH,
  type AdminProjectItem,
  type ProjectDetail,
  type ProjectHeading,
  type ProjectItem,
} from '@forum/contracts';
import { renderMarkdown, sanitizeHtml, summarize, type RenderOptions } from '../markdown';
import type { ProjectDoc } from './model';
import { siteRenderOptions } from '../site';

function projectHtml(project: ProjectDoc, render: RenderOptions): string {
  return project.contentType === 'html'
    ? sanitizeHtml(project.content ?? '', render)
    : renderMarkdown(project.content ?? '', render);
}

/** Name and addresses. */
function projectHeading(project: ProjectDoc): ProjectHeading {
  return {
    name: project.name,
    title: project.title ?? '',
    logo: project.logo ?? '',
    url: project.url ?? '',
    docUrl: project.docUrl ?? '',
    downloadUrl: project.downloadUrl ?? '',
  };
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
