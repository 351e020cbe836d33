import { adminPaging } from '../audit/admin-query';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import { TopicNode, type TopicNodeDoc } from './model';

export interface NodeAdminPage {
  page: { page: number; limit: number; total: number };
  results: TopicNodeDoc[];
}

/** Every node (any status) for the admin, by page; `name` filters by exact name. */
export async function listNodesForAdmin(
  ctx: RequestContext,
  {
    name,
    status,
    page = 1,
    limit = 20,
  }: {
    name?: string;
    status?: number;
    page?: number;
    limit?: number;
  },
): Promise<NodeAdminPage> {
  authorize(ctx.actor, 'listNodesForAdmin');
  const paging = adminPaging({ page, limit });
  const filter: Record<string, unknown> = {};
  if (name) filter.name = name;
  if (status !== undefined) filter.status = status;
  const [results, total] = await Promise.all([
    TopicNode.find(filter)
      .sort({ sortNo: 1, _id: -1 })
      .skip(paging.skip)
      .limit(paging.limit)
      .lean<TopicNodeDoc[]>(),
    TopicNode.countDocuments(filter),
  ]);
  return { page: { page: paging.page, limit: paging.limit, total }, results };
}
