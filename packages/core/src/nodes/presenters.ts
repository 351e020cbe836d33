/** Output shapes of a node: the console's item and our tRPC item. */
import type { AdminNodeItem, TopicNodeItem } from '@forum/contracts';
import type { TopicNodeDoc } from './model';

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
