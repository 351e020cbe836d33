import { LINK_PAGE_SIZE } from '@forum/contracts';
import { adminPaging, containsText } from '../audit/admin-query';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';
import { Link, type LinkDoc } from './model';
import type { LinkPageResult } from './rules';

export interface AdminLinkQuery {
  status?: number;
  /** Contained in the title, case-insensitively. */
  title?: string;
  /** Contained in the address, case-insensitively. */
  url?: string;
  page?: number;
  limit?: number;
}

/**
 * Every link for the admin (legacy ANY /api/admin/link/list), in display order. An admin filter, so it
 * queries MongoDB: the text filters scan the rows of the status chosen; a site has tens of links.
 */
export async function listLinksForAdmin(
  ctx: RequestContext,
  query: AdminLinkQuery = {},
): Promise<LinkPageResult> {
  authorize(ctx.actor, 'listLinksForAdmin');
  const { page, limit, skip } = adminPaging(query, LINK_PAGE_SIZE);
  const filter: Record<string, unknown> = {};
  if (query.status !== undefined) filter.status = query.status;
  if (query.title) filter.title = containsText(query.title);
  if (query.url) filter.url = containsText(query.url);
  const [results, total] = await Promise.all([
    Link.find(filter).sort({ sortNo: 1, _id: 1 }).skip(skip).limit(limit).lean<LinkDoc[]>(),
    Link.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}
