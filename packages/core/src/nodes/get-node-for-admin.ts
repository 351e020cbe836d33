import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import { TopicNode, type TopicNodeDoc } from './model';

/** Any node, hidden ones too, for the admin (by `_id`, so hidden nodes are found). */
export async function getNodeForAdmin(ctx: RequestContext, id: number): Promise<TopicNodeDoc | null> {
  authorize(ctx.actor, 'getNodeForAdmin');
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return TopicNode.findById(id).lean<TopicNodeDoc>();
}
