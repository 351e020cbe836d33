export { TopicNode, type TopicNodeDoc } from './model';
export { DEFAULT_NODE_NAME, ensureDefaultNode, getNode, listNodes, nodesByIds } from './nodes';
export {
  createNode,
  getNodeForAdmin,
  listNodesForAdmin,
  reorderNodes,
  updateNode,
  type NodeAdminPage,
} from './admin-nodes';
export { legacyNode, legacyNodeRow, presentNode, type LegacyNode } from './presenters';
