import { randomBytes } from 'node:crypto';
import { UserRole, Texts } from '@forum/contracts';
import { insertWithFreshId } from '../db/counters';
import { isDuplicateKeyError } from '../db/duplicate-key';
import { insertWithEvents, newEvent } from '../events';
import { User } from './model';
import { hashPassword } from './passwords';
import { reprojectUser } from '../read-model/users';

export interface OwnerBootstrap {
  /** Set when the password was generated; print it once. */
  generatedPassword?: string;
  userId: number;
  created: boolean;
}

/**
 * On a fresh database, creates the owner account. With no password given one is generated and
 * returned so the caller can print it once. Two processes starting together on a fresh database
 * race: the unique username lets one create the owner, and the other finds it.
 */
export async function ensureOwner(username = 'admin', password?: string): Promise<OwnerBootstrap> {
  const existing = await User.findOne({ roles: UserRole.Owner }, { _id: 1 }).lean();
  if (existing) return { userId: existing._id, created: false };
  const generatedPassword = password ? undefined : randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  let id: number;
  try {
    id = await insertWithFreshId('user', User, async (id) => {
      const now = Date.now();
      const event = newEvent('user.created', { userId: id, source: 'owner-bootstrap' });
      await insertWithEvents(
        User,
        {
          _id: id,
          username,
          usernameLower: username.toLowerCase(),
          nickname: Texts.users.ownerNickname,
          passwordHash,
          roles: [UserRole.Owner],
          createTime: now,
          updateTime: now,
        },
        [event],
        { project: () => reprojectUser(id) },
      );
      return id;
    });
  } catch (error) {
    // Two processes started on a fresh database at once: the other one created the owner.
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await User.findOne({ roles: UserRole.Owner }, { _id: 1 }).lean();
    if (!winner) throw error;
    return { userId: winner._id, created: false };
  }
  return { userId: id, created: true, ...(generatedPassword ? { generatedPassword } : {}) };
}
