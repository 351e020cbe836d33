export { TopicNode, type TopicNodeDoc } from './model';
export {
  DEFAULT_NODE_NAME,
  createNode,
  ensureDefaultNode,
  getNode,
  listNodes,
  listNodesForAdmin,
  nodesByIds,
  updateNode,
  type NodeAdminPage,
} from './nodes';
export { legacyNode, legacyNodeRow, presentNode, type LegacyNode } from './presenters';
