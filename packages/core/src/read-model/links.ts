/** Friend links and projects in the read model: each by id, and their public lists. */
import { LinkStatus } from '@forum/contracts';
import { Link, type LinkDoc } from '../links/model';
import { Project, type ProjectDoc } from '../projects/model';
import { cacheDoc, defineEntityKind, readEntity, readInOrder } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmKey } from './store';

export const linkLists = { shown: () => rmKey('links', 'shown') };
export const projectLists = { all: () => rmKey('projects', 'all') };

export const linkKind = defineEntityKind({ name: 'link', model: Link, hidden: [], counts: {} });
export const projectKind = defineEntityKind({
  name: 'project',
  model: Project,
  hidden: [],
  counts: {},
});

/**
 * Shown links in display order: `sortNo` ascending, then oldest first. With every `sortNo` 0 (all
 * links before ordering existed) the score is the id, as it always was.
 */
const linkOrder = (link: LinkDoc) => (link.sortNo ?? 0) * 2 ** 32 + link._id;

export async function projectLink(link: LinkDoc): Promise<void> {
  await cacheDoc(linkKind, link);
  const shown = link.status === LinkStatus.Ok;
  await placeInLists(
    `link:${link._id}`,
    link._id,
    new Map(shown ? [[linkLists.shown(), linkOrder(link)]] : []),
  );
}

/**
 * Shown projects, read highest score first: `sortNo` ascending, then newest first. With `sortNo` 0
 * (every project before ordering existed) the score is the id, as it always was.
 */
const projectOrder = (project: ProjectDoc) => project._id - (project.sortNo ?? 0) * 2 ** 32;

/** Every shown project in display order; a hidden one (status 1) leaves the list. */
export async function projectProject(project: ProjectDoc): Promise<void> {
  await cacheDoc(projectKind, project);
  const shown = (project.status ?? 0) === 0;
  await placeInLists(
    `project:${project._id}`,
    project._id,
    new Map(shown ? [[projectLists.all(), projectOrder(project)]] : []),
  );
}

export const readLink = (id: number) => readEntity<LinkDoc>(linkKind, id);
export const readLinks = (ids: readonly number[]) => readInOrder<LinkDoc>(linkKind, ids);
export const readProject = (id: number) => readEntity<ProjectDoc>(projectKind, id);
export const readProjects = (ids: readonly number[]) => readInOrder<ProjectDoc>(projectKind, ids);

defineRebuildSource<LinkDoc>({ name: 'links', owner: 'link', model: Link, project: projectLink });
defineRebuildSource<ProjectDoc>({
  name: 'projects',
  owner: 'project',
  model: Project,
  project: projectProject,
});
