import { createHash, randomBytes } from 'node:crypto';
import { SocketRoom } from '@forum/contracts';
import { disconnectLive } from '../live';
import { hasKv, kv, kvKey } from '../kv';
import { readUser } from '../read-model/users';
import { UserToken, type UserDoc } from './model';
import { changeUser } from './change-user';

const DAY_MS = 86_400_000;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The socket room of a token's session (see `SocketRoom.session`). */
export const sessionRoomOf = (token: string): string => SocketRoom.session(digest(token));

/**
 * Valid tokens are remembered in Redis until they expire, so a signed-in request reads no database:
 * the value is `<user id>:<issued at>:<expires at>`, the key expires at that same moment (PXAT, not
 * a TTL counted from when the key was written, which would outlive the token by the time the row's
 * insert took), and sign-out deletes it.
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
  if (hasKv()) await cacheSession(hash, { userId, issuedAt: now, expiresAt });
  return { token, expiresAt };
}

interface TokenSession {
  userId: number;
  issuedAt: number;
  expiresAt: number;
}

async function cacheSession(hash: string, session: TokenSession): Promise<void> {
  const { userId, issuedAt, expiresAt } = session;
  await kv().set(sessionKey(hash), `${userId}:${issuedAt}:${expiresAt}`, 'PXAT', expiresAt);
}

async function tokenSession(hash: string): Promise<TokenSession | null> {
  const cached = await kv().get(sessionKey(hash));
  const now = Date.now();
  // Entries of older releases hold the user id alone, or no expiry: the row tells the rest.
  const [userId, issuedAt, expiresAt] = (cached ?? '').split(':').map(Number);
  if (userId && Number.isSafeInteger(issuedAt) && Number.isSafeInteger(expiresAt)) {
    return expiresAt! > now ? { userId, issuedAt: issuedAt!, expiresAt: expiresAt! } : null;
  }
  const row = await UserToken.findById(hash).lean();
  if (!row || row.revoked || row.expiresAt <= now) return null;
  const session = { userId: row.userId, issuedAt: row.createTime, expiresAt: row.expiresAt };
  await cacheSession(hash, session);
  return session;
}

/** The user a token signs in, or null for an unknown, expired or revoked token or a disabled user. */
export async function userFromToken(token: string | undefined | null): Promise<UserDoc | null> {
  if (!token || token.length > 256) return null;
  const session = await tokenSession(digest(token));
  if (!session) return null;
  const user = await readUser(session.userId);
  if (!user || user.status !== 0) return null;
  if (session.issuedAt < (user.sessionsValidFrom ?? 0)) return null;
  return user;
}

/**
 * Signs every session of a user out but `keep` (the caller's own token, when they have one): one
 * write to the user (`sessionsValidFrom`, kept in the read model) rather than a scan of the user's
 * tokens, which FerretDB could only do by reading the whole collection. The kept token is re-issued
 * in place first (its issue time moved to now), so it stays valid.
 */
export async function signOutOtherSessions(userId: number, keep: string | null): Promise<void> {
  const now = Date.now();
  if (keep) {
    const hash = digest(keep);
    const row = await UserToken.findOneAndUpdate(
      { _id: hash },
      { $set: { createTime: now } },
      { returnDocument: 'after' },
    ).lean();
    if (row && row.userId === userId && !row.revoked && row.expiresAt > now) {
      await cacheSession(hash, { userId, issuedAt: now, expiresAt: row.expiresAt });
    }
  }
  await changeUser({ _id: userId }, { $set: { sessionsValidFrom: now } });
  disconnectLive(SocketRoom.user(userId), keep ? sessionRoomOf(keep) : undefined);
}

export async function revokeToken(token: string): Promise<void> {
  const hash = digest(token);
  await UserToken.updateOne({ _id: hash }, { $set: { revoked: true } });
  await kv().del(sessionKey(hash));
  disconnectLive(SocketRoom.session(hash));
}
