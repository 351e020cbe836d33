import type { NodeSummary } from './nodes';

const noNodes: NodeSummary[] = [];

/** The topic nodes. The API has no nodes procedure yet, so the list is empty until the topics feature. */
export function useNodes(): NodeSummary[] {
  return noNodes;
}
