import { readNodes } from '../read-model/nodes';
import type { TopicNodeDoc } from './model';

export async function getNode(id: number): Promise<TopicNodeDoc | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return (await readNodes([id])).get(id) ?? null;
}

/** Nodes of the given ids, in one round trip. */
export function nodesByIds(ids: number[]): Promise<Map<number, TopicNodeDoc>> {
  return readNodes(ids);
}
