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

export const linkKind = defineEntityKind({ name: 'link', model: Link as never, hidden: [], counts: {} });
export const projectKind = defineEntityKind({
  name: 'project',
  model: Project as never,
  hidden: [],
  counts: {},
});

/** Shown links, oldest first (scored by id). */
export async function projectLink(link: LinkDoc): Promise<void> {
  await cacheDoc(linkKind, link);
  const shown = link.status === LinkStatus.Ok;
  await placeInLists(`link:${link._id}`, link._id, new Map(shown ? [[linkLists.shown(), link._id]] : []));
}

/** Every project, newest first (scored by id). */
export async function projectProject(project: ProjectDoc): Promise<void> {
  await cacheDoc(projectKind, project);
  await placeInLists(`project:${project._id}`, project._id, new Map([[projectLists.all(), project._id]]));
}

export const readLink = (id: number) => readEntity<LinkDoc>(linkKind, id);
export const readLinks = (ids: readonly number[]) => readInOrder<LinkDoc>(linkKind, ids);
export const readProject = (id: number) => readEntity<ProjectDoc>(projectKind, id);
export const readProjects = (ids: readonly number[]) => readInOrder<ProjectDoc>(projectKind, ids);

defineRebuildSource<LinkDoc>({ name: 'links', owner: 'link', model: Link as never, project: projectLink });
defineRebuildSource<ProjectDoc>({
  name: 'projects',
  owner: 'project',
  model: Project as never,
  project: projectProject,
});
