import { createHash, randomBytes } from 'node:crypto';
import { User, UserToken, type UserDoc } from './model';

const DAY_MS = 86_400_000;

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues a new token; only its hash is stored. */
export async function issueToken(
  userId: number,
  expireDays: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('hex');
  const now = Date.now();
  const expiresAt = now + expireDays * DAY_MS;
  await UserToken.create({ _id: digest(token), userId, expiresAt, createTime: now });
  return { token, expiresAt };
}

/** The user a token signs in, or null for an unknown, expired or revoked token or a disabled user. */
export async function userFromToken(token: string | undefined | null): Promise<UserDoc | null> {
  if (!token || token.length > 256) return null;
  const row = await UserToken.findById(digest(token)).lean();
  if (!row || row.revoked || row.expiresAt <= Date.now()) return null;
  const user = await User.findById(row.userId).lean<UserDoc>();
  if (!user || user.status !== 0) return null;
  return user;
}

export async function revokeToken(token: string): Promise<void> {
  await UserToken.updateOne({ _id: digest(token) }, { $set: { revoked: true } });
}
