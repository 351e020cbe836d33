import type { ProjectItem } from '@forum/contracts';

/** "name - title", or the name alone when there is no title. */
export function projectHeading(project: Pick<ProjectItem, 'name' | 'title'>): string {
  return project.title ? `${project.name} - ${project.title}` : project.name;
}
