import { Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { authorize } from '../policies';
import { reprojectNode } from '../read-model/nodes';
import type { RequestContext } from '../request-context';
import { getNodeForAdmin } from './get-node-for-admin';
import { TopicNode } from './model';

/**
 * Puts the given nodes in this order: the first gets `sortNo` 0, the next 1, … (the console's
 * drag ordering). Ids that name no node are refused before anything is written.
 */
export async function reorderNodes(ctx: RequestContext, input: { ids: number[] }): Promise<void> {
  authorize(ctx.actor, 'administer');
  const { ids } = input;
  const nodes = await Promise.all(ids.map((id) => getNodeForAdmin(ctx, id)));
  if (nodes.some((node) => !node)) throw new AppError('NOT_FOUND', Texts.nodes.missing);
  for (const [index, id] of ids.entries()) {
    if (nodes[index]!.sortNo === index) continue;
    await TopicNode.updateOne({ _id: id }, { $set: { sortNo: index } });
    await reprojectNode(id);
  }
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'topic_node',
    dataId: 0,
    description: Texts.audit.nodesReordered(ids),
  });
}
