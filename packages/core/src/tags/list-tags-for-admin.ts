import { adminPaging, containsText } from '../audit/admin-query';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import { Tag, type TagDoc } from './model';

export interface AdminTagQuery {
  id?: number;
  /** Contained in the name, case-insensitively. */
  name?: string;
  status?: number;
  page?: number;
  limit?: number;
}

/** Every tag for the admin, newest first (legacy ANY /api/admin/tag/list); an admin filter on MongoDB. */
export async function listTagsForAdmin(ctx: RequestContext, query: AdminTagQuery = {}) {
  authorize(ctx.actor, 'listTagsForAdmin');
  const { page, limit, skip } = adminPaging(query);
  const filter: Record<string, unknown> = {};
  if (query.id !== undefined) filter._id = query.id;
  if (query.name) filter.nameLower = containsText(query.name.toLowerCase());
  if (query.status !== undefined) filter.status = query.status;
  const [results, total] = await Promise.all([
    Tag.find(filter).sort({ _id: -1 }).skip(skip).limit(limit).lean<TagDoc[]>(),
    Tag.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}
