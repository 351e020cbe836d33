/**
 * The client addresses each account signed in from (the most recent few, for half a year): a
 * correct password from one of them is never held back by the limits on failed sign-ins, so
 * nobody guessing from elsewhere can keep the owner out. Kept as hashes: the list says whether an
 * address was seen, never which addresses they were.
 */
import { createHash } from 'node:crypto';
import { kv, kvKey } from '../kv';
import { execAll } from '../redis';

const KEPT = 20;
const KEPT_SECONDS = 180 * 86_400;

const addressesKey = (userId: number) => kvKey('signin-addresses', userId);
const hashOf = (ip: string) => createHash('sha256').update(ip).digest('base64url').slice(0, 22);

export async function rememberSignInAddress(userId: number, ip: string): Promise<void> {
  if (!ip) return;
  const key = addressesKey(userId);
  await execAll(
    kv()
      .multi()
      .zadd(key, Date.now(), hashOf(ip))
      .zremrangebyrank(key, 0, -KEPT - 1)
      .expire(key, KEPT_SECONDS),
  );
}

export async function isKnownSignInAddress(userId: number, ip: string): Promise<boolean> {
  if (!ip) return false;
  return (await kv().zscore(addressesKey(userId), hashOf(ip))) !== null;
}
