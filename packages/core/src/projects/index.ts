export { Project, type ProjectDoc } from './model';
export { createProject, getProject, listProjects, updateProject, type ProjectPageResult } from './projects';
export {
  legacyProjectList,
  legacyProjectOf,
  legacyProjectRow,
  presentProject,
  presentProjectDetail,
  type LegacyProject,
  type LegacyProjectSimple,
} from './presenters';
