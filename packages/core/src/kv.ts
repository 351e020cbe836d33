/**
 * The Redis client that services use for short-lived state (captchas, rate limits, one-time codes).
 * The API and worker set it once at start-up; `key()` applies the deployment's prefix.
 */
import type { Redis } from './redis';

let client: Redis | undefined;
let prefix = '';

const definers: ((redis: Redis) => void)[] = [];

export function initKv(redis: Redis, keyPrefix = ''): void {
  client = redis;
  prefix = keyPrefix;
  for (const define of definers) define(redis);
}

/**
 * Defines commands (Lua scripts, `defineCommand`) on the current client and on every client
 * `initKv` is given later, before it serves a request. Defined on first use instead, a command
 * would be missing from an auto-pipeline that other commands had opened in the same tick, and
 * ioredis fails that whole pipeline (it crashed the process on the first page after a start).
 */
export function defineOnKvClients(define: (redis: Redis) => void): void {
  definers.push(define);
  if (client) define(client);
}

/** Forgets the client (its owner closes it): until `initKv` again, `hasKv()` is false. */
export function clearKv(): void {
  client = undefined;
  prefix = '';
}

export function hasKv(): boolean {
  return client !== undefined;
}

export function kv(): Redis {
  if (!client) throw new Error('initKv() was not called');
  return client;
}

/** A namespaced key: `kvKey('captcha', id)` → `<prefix>captcha:<id>`. */
export function kvKey(...parts: (string | number)[]): string {
  return `${prefix}${parts.join(':')}`;
}
