import { createHash, randomBytes } from 'node:crypto';
import { hasKv, kv, kvKey } from '../kv';
import { readUser } from '../read-model/users';
import { UserToken, type UserDoc } from './model';

const DAY_MS = 86_400_000;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Valid tokens are remembered in Redis until they expire, so a signed-in request reads no database:
 * the value is the user id, and sign-out deletes it.
 */
const sessionKey = (hash: string) => kvKey('session', hash);

/** Issues a new token; only its hash is stored. */
export async function issueToken(
  userId: number,
  expireDays: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('hex');
  const now = Date.now();
  const expiresAt = now + expireDays * DAY_MS;
  const hash = digest(token);
  await UserToken.create({ _id: hash, userId, expiresAt, createTime: now });
  // Cached at once: the first signed-in request then reads no database, which on the embedded one
  // may be busy with the worker's writes.
  if (hasKv()) await kv().set(sessionKey(hash), String(userId), 'PX', expiresAt - now);
  return { token, expiresAt };
}

async function tokenUserId(hash: string): Promise<number | null> {
  const cached = await kv().get(sessionKey(hash));
  if (cached) return Number(cached);
  const row = await UserToken.findById(hash).lean();
  const now = Date.now();
  if (!row || row.revoked || row.expiresAt <= now) return null;
  const ttlSeconds = Math.ceil((row.expiresAt - now) / 1000);
  await kv().set(sessionKey(hash), String(row.userId), 'EX', ttlSeconds);
  return row.userId;
}

/** The user a token signs in, or null for an unknown, expired or revoked token or a disabled user. */
export async function userFromToken(token: string | undefined | null): Promise<UserDoc | null> {
  if (!token || token.length > 256) return null;
  const userId = await tokenUserId(digest(token));
  if (!userId) return null;
  const user = await readUser(userId);
  if (!user || user.status !== 0) return null;
  return user;
}

export async function revokeToken(token: string): Promise<void> {
  const hash = digest(token);
  await UserToken.updateOne({ _id: hash }, { $set: { revoked: true } });
  await kv().del(sessionKey(hash));
}
