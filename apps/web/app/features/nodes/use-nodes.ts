import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/lib/trpc';
import { toNodeSummaries, type NodeSummary } from './nodes';

const noNodes: NodeSummary[] = [];

/**
 * The shown topic nodes in the owner's order. Pages with the node dock fetch them in their loader;
 * elsewhere (the mobile nodes panel) they arrive when first needed.
 */
export function useNodes(): NodeSummary[] {
  const trpc = useTRPC();
  return useQuery({ ...trpc.nodes.list.queryOptions(), select: toNodeSummaries }).data ?? noNodes;
}
