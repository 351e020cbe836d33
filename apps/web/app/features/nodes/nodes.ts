import { TextsNodes } from '@forum/contracts';

/** Topic nodes (boards) as the navigation shows them. */
export interface NodeSummary {
  nodeId: number;
  name: string;
  logo?: string;
}

/** The API's node items as the navigation needs them. */
export function toNodeSummaries(nodes: readonly { id: number; name: string; logo: string }[]): NodeSummary[] {
  return nodes.map((node) => ({ nodeId: node.id, name: node.name, logo: node.logo || undefined }));
}

/** The pseudo-nodes in front of the real ones: 0 = newest, -1 = recommended, -2 = followed authors. */
export const NEWEST_NODE_ID = 0;
export const RECOMMEND_NODE_ID = -1;
export const FEED_NODE_ID = -2;

export interface NodeLink {
  nodeId: number;
  name: string;
  to: string;
  logo?: string;
}

/** The dock's links; the follow feed only for a signed-in user. */
export function nodeLinks(nodes: readonly NodeSummary[], signedIn = false): NodeLink[] {
  return [
    { nodeId: NEWEST_NODE_ID, name: TextsNodes.virtual.newest, to: '/topics/node/newest' },
    { nodeId: RECOMMEND_NODE_ID, name: TextsNodes.virtual.recommend, to: '/topics/node/recommend' },
    ...(signedIn ? [{ nodeId: FEED_NODE_ID, name: TextsNodes.virtual.feed, to: '/topics/node/feed' }] : []),
    ...nodes.map((node) => ({
      nodeId: node.nodeId,
      name: node.name,
      to: `/topics/node/${node.nodeId}`,
      logo: node.logo,
    })),
  ];
}

/**
 * Which node the current page lists (the home page and the tag pages list the newest), or null for
 * other pages.
 */
export function currentNodeId(pathname: string): number | null {
  if (/^\/topics\/tag\//.test(pathname)) return NEWEST_NODE_ID;
  const match = /^\/topics\/node\/([^/]+)\/?$/.exec(pathname);
  if (!match) return ['/', '/topics', '/topics/'].includes(pathname) ? NEWEST_NODE_ID : null;
  if (match[1] === 'newest') return NEWEST_NODE_ID;
  if (match[1] === 'recommend') return RECOMMEND_NODE_ID;
  if (match[1] === 'feed') return FEED_NODE_ID;
  const id = Number(match[1]);
  return Number.isInteger(id) ? id : null;
}
