import { NodeDraftSchema, type NodeDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { reprojectNode } from '../read-model/nodes';
import type { RequestContext } from '../request-context';
import { getNodeForAdmin } from './get-node-for-admin';
import { TopicNode, type TopicNodeDoc } from './model';
import { nodeIdNamed, nodeNameTaken } from './rules';

/** The owner replaces every editable field of node `id` (legacy POST /api/admin/topic-node/update). */
export async function updateNode(
  ctx: RequestContext,
  input: NodeDraftInput & { id: number },
): Promise<TopicNodeDoc> {
  authorize(ctx.actor, 'administer');
  const { id, ...fields } = input;
  const draft = parseInput(NodeDraftSchema, fields);
  if (!(await getNodeForAdmin(ctx, id))) throw new AppError('NOT_FOUND', Texts.nodes.missing);
  const holder = await nodeIdNamed(draft.name);
  if (holder !== undefined && holder !== id) throw nodeNameTaken(draft.name);
  try {
    await TopicNode.updateOne({ _id: id }, { $set: draft });
  } catch (error) {
    if (isDuplicateKeyError(error)) throw nodeNameTaken(draft.name);
    throw error;
  }
  const node = (await reprojectNode(id))!;
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'topic_node',
    dataId: id,
    description: Texts.audit.nodeUpdated(node.name),
  });
  return node;
}
