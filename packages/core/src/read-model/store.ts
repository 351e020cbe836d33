/**
 * Where the read model lives: the Redis client and key prefix the process set with `initKv`, under
 * `rm:`. Every key of the read model is built here, so its layout can be read in one place.
 */
import { kv, kvKey } from '../kv';

export const rmRedis = () => kv();

/**
 * `rmKey('topics', 'node', 3)` → `<prefix>rm:{rm}:topics:node:3`. The `{rm}` hash tag keeps every
 * key of the read model in one Redis Cluster slot: a projection moves a row between lists, updates
 * its membership set and bumps the stamp in one Lua script, and a page reads many entities and
 * their counts in one, which a cluster allows only within a slot (docs/read-model.md, _Key layout_).
 * On one Redis the tag is only part of the name.
 */
export function rmKey(...parts: (string | number)[]): string {
  return kvKey('rm', '{rm}', ...parts);
}

/** One list per entity, `rmKey(...parts, id)`, and the prefix those keys share (ids follow it). */
export type EntityListKey = ((id: number) => string) & { prefix(): string };

export function rmEntityList(...parts: (string | number)[]): EntityListKey {
  return Object.assign((id: number) => rmKey(...parts, id), { prefix: () => `${rmKey(...parts)}:` });
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
 * version 12 added the versions of kinds kept whole (`rm:ev:<kind>`), which a process of an older
 * release would not write when it changes a node or tag.
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
