import { adminPaging, containsText } from '../audit/admin-query';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { Project, type ProjectDoc } from './model';
import type { ProjectPageResult } from './rules';

export interface AdminProjectQuery {
  status?: number;
  /** Contained in the name, case-insensitively. */
  name?: string;
  page?: number;
  limit?: number;
}

/** Every project for the admin in display order; an admin filter, so it queries MongoDB. */
export async function listProjectsForAdmin(
  ctx: RequestContext,
  query: AdminProjectQuery = {},
): Promise<ProjectPageResult> {
  authorize(ctx.actor, 'listProjectsForAdmin');
  const { page, limit, skip } = adminPaging(query);
  const filter: Record<string, unknown> = {};
  if (query.status !== undefined) filter.status = query.status === 0 ? { $ne: 1 } : query.status;
  if (query.name) filter.name = containsText(query.name);
  const [results, total] = await Promise.all([
    Project.find(filter).sort({ sortNo: 1, _id: -1 }).skip(skip).limit(limit).lean<ProjectDoc[]>(),
    Project.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}
