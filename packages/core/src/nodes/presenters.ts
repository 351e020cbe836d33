/** Output shapes of a node: legacy NodeResponse (§1.1), the raw admin row, and our tRPC items. */
import type { AdminNodeItem, TopicNodeItem } from '@forum/contracts';
import type { TopicNodeDoc } from './model';

export interface LegacyNode {
  nodeId: number;
  name: string;
  logo: string;
  description: string;
}

export function legacyNode(node: TopicNodeDoc): LegacyNode {
  return { nodeId: node._id, name: node.name, logo: node.logo ?? '', description: node.description ?? '' };
}

/** A node, any status, as the console lists and edits it. */
export function presentAdminNode(node: TopicNodeDoc): AdminNodeItem {
  return {
    id: node._id,
    name: node.name,
    description: node.description ?? '',
    logo: node.logo ?? '',
    sortNo: node.sortNo ?? 0,
    status: node.status ?? 0,
    createTime: node.createTime,
  };
}

export function presentNode(node: TopicNodeDoc): TopicNodeItem {
  return { id: node._id, name: node.name, description: node.description ?? '', logo: node.logo ?? '' };
}
