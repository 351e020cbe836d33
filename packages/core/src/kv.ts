/**
 * The Redis client that services use for short-lived state (captchas, rate limits, one-time codes).
 * The API and worker set it once at start-up; `key()` applies the deployment's prefix.
 */
import type { Redis } from 'ioredis';

let client: Redis | undefined;
let prefix = '';

export function initKv(redis: Redis, keyPrefix = ''): void {
  client = redis;
  prefix = keyPrefix;
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
