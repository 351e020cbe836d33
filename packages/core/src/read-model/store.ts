/**
 * Where the read model lives: the Redis client and key prefix the process set with `initKv`, under
 * `rm:`. Every key of the read model is built here, so its layout can be read in one place.
 */
import { kv, kvKey } from '../kv';

export const rmRedis = () => kv();

/** `rmKey('topics', 'node', 3)` → `<prefix>rm:topics:node:3`. */
export function rmKey(...parts: (string | number)[]): string {
  return kvKey('rm', ...parts);
}

/** Bumped when the layout changes: a process that finds another version rebuilds. */
export const READ_MODEL_VERSION = 10;

export const readyKey = () => rmKey('ready');

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
