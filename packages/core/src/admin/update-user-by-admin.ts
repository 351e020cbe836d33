import { ProfileUpdateSchema, Texts, UserRole, type AdminUserUpdate } from '@forum/contracts';
import {
  checkEmail,
  checkPassword,
  checkUsername,
  duplicateField,
  emailTaken,
  usernameTaken,
} from '../users/rules';
import { logAction } from '../audit/log-action';
import { AppError } from '../errors';
import type { RequestContext } from '../request-context';
import { userIdByLogin } from '../read-model/users';
import type { UserDoc } from '../users/model';
import { hashPassword } from '../users/passwords';
import { signOutOtherSessions } from '../users/tokens';
import { authorize } from '../policies';
import { getUserForAdmin } from './users';
import { changeUser } from '../users/change-user';

/** Roles, the sign-in name and the password are the owner's to change. */
const ownerFields = ['roles', 'username', 'password'] as const;

/**
 * An admin's edit of a user. Roles are the owner's to give; an admin edits only people without a
 * role; the owner cannot take the owner role from themself (nobody could give it back).
 */
export async function updateUserByAdmin(ctx: RequestContext, input: AdminUserUpdate): Promise<UserDoc> {
  const user = authorize(ctx.actor, 'moderate');
  const target = await getUserForAdmin(ctx, input.id);
  authorize(user, 'editUser', target);
  const username = input.username || undefined;
  const password = input.password || undefined;
  const wanted = { ...input, username, password };
  if (ownerFields.some((field) => wanted[field] !== undefined)) authorize(user, 'administer');
  if (input.roles && !input.roles.includes(UserRole.Owner)) authorize(user, 'dropOwnerRole', target);
  const set: Record<string, unknown> = {};
  const changed: (keyof typeof Texts.audit.userFields)[] = [];
  if (username !== undefined && username !== (target.username ?? '')) {
    checkUsername(username);
    const holder = await userIdByLogin('username', username.toLowerCase());
    if (holder && holder !== target._id) throw usernameTaken(username);
    Object.assign(set, { username, usernameLower: username.toLowerCase() });
    changed.push('username');
  }
  if (password !== undefined) {
    checkPassword(password, password);
    set.passwordHash = await hashPassword(password);
    changed.push('password');
  }
  if (input.nickname !== undefined && input.nickname !== target.nickname) {
    const parsed = ProfileUpdateSchema.shape.nickname.safeParse(input.nickname);
    if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message);
    set.nickname = parsed.data;
    changed.push('nickname');
  }
  if (input.email !== undefined && input.email !== (target.email ?? '')) {
    if (input.email) {
      checkEmail(input.email);
      const holder = await userIdByLogin('email', input.email.toLowerCase());
      if (holder && holder !== target._id) throw emailTaken(input.email);
    }
    Object.assign(set, {
      email: input.email,
      emailLower: input.email ? input.email.toLowerCase() : `#${target._id}`,
      emailVerified: false,
    });
    changed.push('email');
  }
  const roles = input.roles ? [...new Set(input.roles)].sort() : undefined;
  if (roles && roles.join(',') !== [...(target.roles ?? [])].sort().join(',')) {
    set.roles = roles;
    changed.push('roles');
  }
  if (input.status !== undefined && input.status !== (target.status ?? 0)) {
    authorize(user, 'disableUser', target);
    set.status = input.status;
    changed.push('status');
  }
  if (changed.length === 0) return target;
  try {
    await changeUser({ _id: target._id }, { $set: { ...set, updateTime: Date.now() } });
  } catch (error) {
    const field = duplicateField(error);
    if (field === 'email') throw emailTaken(input.email ?? '');
    if (field === 'username') throw usernameTaken(username ?? '');
    throw error;
  }
  // Whoever held the old password is signed out everywhere (the owner setting their own keeps theirs).
  if (set.passwordHash && target._id !== user._id) await signOutOtherSessions(target._id, null);
  await logAction(ctx, {
    opType: 'update',
    dataType: 'user',
    dataId: target._id,
    description: Texts.audit.userUpdated(changed),
  });
  return getUserForAdmin(ctx, target._id);
}
