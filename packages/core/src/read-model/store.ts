/**
 * Where the read model lives: the Redis client and key prefix the process set with `initKv`, under
 * `rm:`. Every key of the read model is built here, so its layout can be read in one place.
 */
import { kv, kvKey } from '../kv';

export const rmRedis = () => kv();

/**
 * `rmKey('topics', 'node', 3)` → `<prefix>rm:{rm}:topics:node:3`: a key of the read model's shared
 * slot. A Redis Cluster hashes only the part in braces, so every `rmKey` lies in one slot: the lists
 * that every page reads whatever its owner (all topics, a node's or a tag's topics, the users by
 * name), the stamp, and the kinds of document no per-entity slot owns (docs/read-model.md, _Key
 * layout_). On one Redis the tag is only part of the name.
 */
export function rmKey(...parts: (string | number)[]): string {
  return rmKeyIn(SHARED_TAG, ...parts);
}

/** The shared slot's hash tag. */
export const SHARED_TAG = 'rm';

/**
 * A key of the read model in the slot `tag` names: `rmKeyIn('user:7', 'fans')` →
 * `<prefix>rm:{user:7}:fans`. One entity's document and everything that is its own (a topic's
 * likers and comments, a user's lists, inbox and feed) share its tag, `entityTag`, so the scripts
 * and transactions that touch them stay within one slot while different entities spread over a
 * cluster's nodes.
 */
export function rmKeyIn(tag: string, ...parts: (string | number)[]): string {
  return kvKey('rm', `{${tag}}`, ...parts);
}

/** The kinds whose documents and own lists lie in a slot of their own per entity. */
export type SpreadKind = 'topic' | 'comment' | 'article' | 'user';

/** The hash tag of one entity's slot: `topic:5`, `user:7`. */
export const entityTag = (kind: SpreadKind, id: number) => `${kind}:${id}`;

/** A key in one entity's slot: `rmKeyOf('user', 7, 'fans')` → `<prefix>rm:{user:7}:fans`. */
export function rmKeyOf(kind: SpreadKind, id: number, ...parts: (string | number)[]): string {
  return rmKeyIn(entityTag(kind, id), ...parts);
}

/** The hash tag of a key of the read model (what its braces hold), which names its slot. */
export function slotTagOf(key: string): string {
  const open = key.indexOf('rm:{') + 3;
  const close = key.indexOf('}', open + 1);
  if (open < 3 || close < 0) throw new Error(`a read-model key without a hash tag: ${key}`);
  return key.slice(open + 1, close);
}

/**
 * The embedded search index, `<prefix>rm:{search}:…`: its own slot (its unions and intersections
 * take several of its keys, never a list of the read model's), so on a cluster it sits apart from
 * the read model. Still under `rm:`, so clearing the read model clears it too.
 */
export function searchKey(...parts: (string | number)[]): string {
  return `${kvKey('rm', '{search}', ...parts)}${parts.length ? '' : ':'}`;
}

/** A kind's search version, in the index's slot but outside what clearing the index deletes. */
export const searchVersionKey = (kind: string) => kvKey('rm', 'searchv', '{search}', kind);

/**
 * Bumped when the layout changes: a process that finds another version rebuilds. Version 11 put
 * the read model under the `{rm}` hash tag and the search index under `{search}` (Redis Cluster);
 * version 12 gave each topic, comment, article and user a slot of its own (`entityTag`) for its
 * document and its own lists, and placed rows one slot at a time (membership.ts).
 */
export const READ_MODEL_VERSION = 12;

/** Kept at its name of every layout, so a process of any release reads the version here. */
export const readyKey = () => kvKey('rm', 'ready');

/**
 * What the read model asks of a MongoDB collection (a mongoose model satisfies it): one document by
 * `_id` (with the fields a projection keeps or drops), every document for a rebuild, and about how
 * many there are.
 */
export interface DocumentSource {
  findById(id: number, projection: Record<string, number>): { lean<T>(): PromiseLike<T | null> };
  find(
    filter: Record<string, never>,
    projection: Record<string, 0>,
  ): { lean(): { cursor(): AsyncIterable<unknown> } };
  estimatedDocumentCount(): PromiseLike<number>;
}
