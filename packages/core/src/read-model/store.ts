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
export const READ_MODEL_VERSION = 4;

export const readyKey = () => rmKey('ready');
