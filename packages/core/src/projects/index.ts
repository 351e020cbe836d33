export { Project, type ProjectDoc } from './model';
export {
  createProject,
  getProject,
  getProjectForAdmin,
  listProjects,
  listProjectsForAdmin,
  updateProject,
  type AdminProjectQuery,
  type ProjectPageResult,
} from './projects';
export {
  legacyProjectList,
  legacyProjectOf,
  legacyProjectRow,
  presentProjects,
  presentProjectDetail,
  type LegacyProject,
  type LegacyProjectSimple,
} from './presenters';
