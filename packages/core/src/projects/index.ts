export { Project, type ProjectDoc } from './model';
export { createProject } from './create-project';
export { getProject } from './get-project';
export { getProjectForAdmin } from './get-project-for-admin';
export { listProjects } from './list-projects';
export { listProjectsForAdmin, type AdminProjectQuery } from './list-projects-for-admin';
export { updateProject } from './update-project';
export { type ProjectPageResult } from './rules';
export { presentAdminProject, presentProjects, presentProjectDetail } from './presenters';
