import { Texts } from '@forum/contracts';
import { AppError } from '../errors';
import type { TopicNodeDoc } from '../nodes/model';
import { getNode } from '../nodes/get-node';

/**
 * The node a topic goes to: the chosen one, else the site's default node. "请选择节点" when there is
 * neither, "节点不存在" when it is missing or hidden.
 */
export async function resolveNode(nodeId: number, defaultNodeId: number): Promise<TopicNodeDoc> {
  const id = nodeId > 0 ? nodeId : defaultNodeId;
  if (id <= 0) throw new AppError('INVALID_INPUT', Texts.topics.nodeRequired);
  const node = await getNode(id);
  if (!node || node.status !== 0) throw new AppError('INVALID_INPUT', Texts.topics.nodeMissing);
  return node;
}
