import { readShownNodes } from '../read-model/nodes';
import type { TopicNodeDoc } from './model';

/** The most nodes a list returns; a forum has a handful, this only bounds the query. */
const NODES_MAX = 500;

/** Shown nodes, `sortNo` ascending then newest first (legacy GET /api/topic/nodes). */
export function listNodes(): Promise<TopicNodeDoc[]> {
  return readShownNodes(NODES_MAX);
}
