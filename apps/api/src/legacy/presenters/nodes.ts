/** The bbs-go wire shapes of a node: NodeResponse (docs/legacy-api.md §1.1) and the raw admin row. */
import { presentAdminNode, presentNode, type TopicNodeDoc, type AdminNode } from '@forum/core';

export type LegacyNode = AdminNode;

export function legacyNode(node: TopicNodeDoc): LegacyNode {
  const item = presentNode(node);
  return { nodeId: item.id, name: item.name, logo: item.logo, description: item.description };
}

/** The raw `t_topic_node` row as the legacy admin API returns it: the console's item, key for key. */
export function legacyNodeRow(node: TopicNodeDoc) {
  return presentAdminNode(node);
}
