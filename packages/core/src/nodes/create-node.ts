import { NodeDraftSchema, type NodeDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../audit/log-action';
import { insertNumbered } from '../db/insert-numbered';
import { parseInput } from '../parse-input';
import { authorize } from '../policies';
import { projectNode } from '../read-model/nodes';
import type { RequestContext } from '../request-context';
import { TopicNode, type TopicNodeDoc } from './model';
import { nodeIdNamed, nodeNameTaken } from './rules';

/** The owner adds a node (legacy POST /api/admin/topic-node/create); names are unique. */
export async function createNode(ctx: RequestContext, input: NodeDraftInput): Promise<TopicNodeDoc> {
  authorize(ctx.actor, 'administer');
  const draft = parseInput(NodeDraftSchema, input);
  if ((await nodeIdNamed(draft.name)) !== undefined) throw nodeNameTaken(draft.name);
  const node = await insertNumbered<TopicNodeDoc>(
    TopicNode,
    'topic_node',
    { ...draft, createTime: Date.now() },
    () => nodeNameTaken(draft.name),
  );
  await projectNode(node);
  await logAdminAction(ctx, {
    opType: 'create',
    dataType: 'topic_node',
    dataId: node._id,
    description: Texts.audit.nodeCreated(node.name),
  });
  return node;
}
