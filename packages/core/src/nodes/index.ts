export { TopicNode, type TopicNodeDoc } from './model';
export {
  DEFAULT_NODE_NAME,
  createNode,
  ensureDefaultNode,
  getNode,
  getNodeForAdmin,
  listNodes,
  listNodesForAdmin,
  nodesByIds,
  reorderNodes,
  updateNode,
  type NodeAdminPage,
} from './nodes';
export { legacyNode, legacyNodeRow, presentNode, type LegacyNode } from './presenters';
