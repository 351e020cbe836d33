import { PROJECT_PAGE_SIZE } from '@forum/contracts';
import { projectLists, readProjects } from '../read-model/links';
import { pageByNumber } from '../read-model/lists';
import type { ProjectPageResult } from './rules';

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
