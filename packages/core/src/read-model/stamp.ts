/**
 * The read model's stamp: a number that changes whenever anything a public answer may show changed
 * (every projection, every config save). Processes cache answers against it and reuse them while it
 * is unchanged, so a cached answer is never older than the last write, in any process.
 *
 * The first bump after the key vanished (Redis emptied, rebuild) starts from a random number, so a
 * stamp never comes back to a value that answers cached before were stored under.
 */
import { randomInt } from 'node:crypto';
import type { ChainableCommander } from 'ioredis';
import { rmKey, rmRedis } from './store';

export const stampKey = () => rmKey('stamp');

/** Lua: INCR the stamp at KEYS[n], seeding it from ARGV[m] when missing. */
export const BUMP_STAMP_LUA = `
local function bumpStamp(key, seed)
  if redis.call('EXISTS', key) == 0 then redis.call('SET', key, seed) end
  return redis.call('INCR', key)
end
`;

const BUMP = `${BUMP_STAMP_LUA}
return bumpStamp(KEYS[1], ARGV[1])`;

export const stampSeed = () => randomInt(1, 2 ** 47);

/** The current stamp, or null when none was set since Redis was emptied (nothing may be cached then). */
export function readStamp(): Promise<string | null> {
  return rmRedis().get(stampKey());
}

export async function bumpStamp(): Promise<void> {
  await rmRedis().eval(BUMP, 1, stampKey(), stampSeed());
}

/** Adds a bump to a MULTI, so the change and the new stamp become visible together. */
export function bumpStampIn(multi: ChainableCommander): ChainableCommander {
  return multi.eval(BUMP, 1, stampKey(), stampSeed());
}
