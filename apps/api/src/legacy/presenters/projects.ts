/**
 * The bbs-go wire shapes of projects: ProjectSimpleResponse / ProjectResponse (docs/legacy-api.md
 * §1.1, key order included) and the raw `t_project` row of the admin API. Text fields go out
 * HTML-escaped, as for articles; addresses were normalised to http(s) when stored.
 */
import {
  presentAdminProject,
  presentProjectDetail,
  presentProjects,
  renderText,
  usersByIds,
  type ProjectDoc,
  type UserDoc,
} from '@forum/core';
import type { ProjectHeading, ProjectItem } from '@forum/contracts';
import { legacyUserInfo, type LegacyUserInfo } from './users';

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

function legacySimple(
  project: ProjectDoc,
  author: UserDoc | undefined,
  item: ProjectItem,
): LegacyProjectSimple {
  return {
    projectId: item.id,
    user: legacyUserInfo(author, project.userId),
    name: renderText(item.name),
    title: renderText(item.title),
    logo: item.logo,
    url: item.url,
    docUrl: item.docUrl,
    downloadUrl: item.downloadUrl,
    summary: renderText(item.summary),
    createTime: item.createTime,
  };
}

export async function legacyProjectList(projects: ProjectDoc[]): Promise<LegacyProjectSimple[] | null> {
  if (!projects.length) return null;
  const authors = await authorsOf(projects);
  const items = await presentProjects(projects);
  return projects.map((project, index) => legacySimple(project, authors.get(project.userId), items[index]!));
}

/** ProjectResponse, with `downloadUrl` filled (bbs-go left it empty, Appendix A #8). */
export async function legacyProjectOf(project: ProjectDoc): Promise<LegacyProject> {
  const { content, ...item } = await presentProjectDetail(project);
  const authors = await authorsOf([project]);
  return { ...legacySimple(project, authors.get(project.userId), item), content };
}

/** The raw row (legacy admin API), keys as `t_project`'s json names: the console's item, key for key. */
export function legacyProjectRow(project: ProjectDoc) {
  return presentAdminProject(project);
}
