/** Topic nodes: the public list, one node, and the default node; the admin's side is in `admin-nodes.ts`. */
import { nextId } from '../db/counters';
import { isDuplicateKeyError } from '../events/jobs';
import { TopicNode, type TopicNodeDoc } from './model';
import { readNodes, readShownNodes, reprojectNode } from '../read-model/nodes';

/** The most nodes a list returns; a forum has a handful, this only bounds the query. */
const NODES_MAX = 500;

/** Shown nodes, `sortNo` ascending then newest first (legacy GET /api/topic/nodes). */
export function listNodes(): Promise<TopicNodeDoc[]> {
  return readShownNodes(NODES_MAX);
}

export async function getNode(id: number): Promise<TopicNodeDoc | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return (await readNodes([id])).get(id) ?? null;
}

/** Nodes of the given ids, in one round trip. */
export function nodesByIds(ids: number[]): Promise<Map<number, TopicNodeDoc>> {
  return readNodes(ids);
}

export const DEFAULT_NODE_NAME = '默认节点';

/**
 * Gives a fresh site one node, so the first topic can be posted before the owner makes any. Runs
 * on every start; it does nothing once a node exists. Two processes starting together race on the
 * unique name, and the loser's insert is simply dropped.
 */
export async function ensureDefaultNode(): Promise<void> {
  if (await TopicNode.exists({})) return;
  try {
    const id = await nextId('topic_node');
    await TopicNode.create({
      _id: id,
      name: DEFAULT_NODE_NAME,
      description: '',
      logo: '',
      sortNo: 0,
      status: 0,
      createTime: Date.now(),
    });
    await reprojectNode(id);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}
