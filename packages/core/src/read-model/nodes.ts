/**
 * Nodes in the read model: each node by id, and the shown nodes in their display order (`sortNo`
 * ascending, newest first among equals), one sorted set whose score encodes both.
 */
import { TopicNode, type TopicNodeDoc } from '../nodes/model';
import { cacheDoc, defineEntityKind, readKeptEntities, readKeptInOrder } from './entities';
import { placeInLists } from './membership';
import { defineRebuildSource } from './rebuild';
import { rmKey, rmRedis } from './store';

export const nodeLists = { shown: () => rmKey('nodes', 'shown') };

export const nodeKind = defineEntityKind({
  name: 'node',
  model: TopicNode,
  hidden: [],
  counts: {},
  keptWhole: true,
});

/** sortNo first, then the larger id first: ascending scores give the display order. */
const orderOf = (node: TopicNodeDoc) => (node.sortNo ?? 0) * 2 ** 32 - node._id;

export async function projectNode(node: TopicNodeDoc): Promise<void> {
  await cacheDoc(nodeKind, node);
  const lists = new Map<string, number>(node.status === 0 ? [[nodeLists.shown(), orderOf(node)]] : []);
  await placeInLists(`node:${node._id}`, node._id, lists);
}

export async function reprojectNode(id: number): Promise<TopicNodeDoc | null> {
  const node = await TopicNode.findById(id).lean<TopicNodeDoc>();
  if (node) await projectNode(node);
  return node;
}

export async function readShownNodes(limit: number): Promise<TopicNodeDoc[]> {
  const ids = (await rmRedis().zrangebyscore(nodeLists.shown(), '-inf', '+inf', 'LIMIT', 0, limit)).map(
    Number,
  );
  return readKeptInOrder<TopicNodeDoc>(nodeKind, ids);
}

export function readNodes(ids: readonly number[]): Promise<Map<number, TopicNodeDoc>> {
  return readKeptEntities<TopicNodeDoc>(nodeKind, ids);
}

defineRebuildSource<TopicNodeDoc>({
  name: 'nodes',
  owner: 'node',
  model: TopicNode,
  project: projectNode,
});
