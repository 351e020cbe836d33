/**
 * A signed-in user's own account settings (legacy-api.md §1.5): username (set once), e-mail,
 * password (set once for third-party users, then changed with the old one).
 */
import {
  AccountMessages,
  SetEmailInputSchema,
  SetPasswordInputSchema,
  SetUsernameInputSchema,
  UpdatePasswordInputSchema,
} from '@forum/contracts';
import { AppError } from '../errors';
import { hitRateLimit } from '../rate-limit';
import { User, type UserDoc } from '../users/model';
import { signOutOtherSessions } from '../users/tokens';
import { hashPassword, verifyPassword } from '../users/passwords';
import { parseInput } from '../parse-input';
import { getSiteConfig } from '../config';
import {
  checkEmail,
  checkEmailWhitelisted,
  checkPassword,
  checkUsername,
  duplicateField,
  emailTaken,
  usernameTaken,
} from './rules';
import { userIdByLogin } from '../read-model/users';
import { updateProjected } from '../read-model/changes';

function invalid(message: string): AppError {
  return new AppError('INVALID_INPUT', message);
}

export async function setUsername(user: UserDoc, input: unknown): Promise<void> {
  const { username } = parseInput(SetUsernameInputSchema, input);
  checkUsername(username);
  if (user.username) throw invalid(AccountMessages.usernameAlreadySet);
  const usernameLower = username.toLowerCase();
  if (await userIdByLogin('username', usernameLower)) throw usernameTaken(username);
  try {
    // Conditional on "still none", so two concurrent requests cannot both set one.
    const result = await updateProjected(
      'user',
      { _id: user._id, username: { $in: ['', null] } },
      { $set: { username, usernameLower, updateTime: Date.now() } },
    );
    if (result.matchedCount === 0) throw invalid(AccountMessages.usernameAlreadySet);
  } catch (error) {
    if (duplicateField(error) === 'username') throw usernameTaken(username);
    throw error;
  }
}

/**
 * Changing the e-mail makes it unverified again; the same e-mail again changes nothing. A change
 * signs out every other session (`keepToken` is the caller's own), as a password change does:
 * whoever else held one may be who the owner is locking out.
 */
export async function setEmail(
  user: UserDoc,
  input: unknown,
  keepToken: string | null = null,
): Promise<void> {
  const { email } = parseInput(SetEmailInputSchema, input);
  checkEmail(email);
  checkEmailWhitelisted(email, (await getSiteConfig()).emailWhitelist);
  const current = await User.findById(user._id, { email: 1 }).lean();
  if (!current) throw new AppError('NOT_FOUND', AccountMessages.userNotFound);
  if (current.email === email) return;
  const emailLower = email.toLowerCase();
  const holder = await userIdByLogin('email', emailLower);
  if (holder && holder !== user._id) throw emailTaken(email);
  try {
    await updateProjected(
      'user',
      { _id: user._id },
      { $set: { email, emailLower, emailVerified: false, updateTime: Date.now() } },
    );
  } catch (error) {
    if (duplicateField(error) === 'email') throw emailTaken(email);
    throw error;
  }
  await signOutOtherSessions(user._id, keepToken);
}

/** For accounts without a password yet (made by a third-party sign-in). */
export async function setPassword(user: UserDoc, input: unknown): Promise<void> {
  const { password, rePassword } = parseInput(SetPasswordInputSchema, input);
  checkPassword(password, rePassword);
  if (user.passwordHash) throw invalid(AccountMessages.passwordAlreadySet);
  const result = await updateProjected(
    'user',
    { _id: user._id, passwordHash: { $in: ['', null] } },
    { $set: { passwordHash: await hashPassword(password), updateTime: Date.now() } },
  );
  if (result.matchedCount === 0) throw invalid(AccountMessages.passwordAlreadySet);
}

/** Changes the password and signs out every session but the caller's (`keepToken`). */
export async function updatePassword(
  user: UserDoc,
  input: unknown,
  keepToken: string | null = null,
): Promise<void> {
  const { oldPassword, password, rePassword } = parseInput(UpdatePasswordInputSchema, input);
  checkPassword(password, rePassword);
  const current = await User.findById(user._id, { passwordHash: 1 }).lean();
  const oldHash = current?.passwordHash ?? '';
  if (!oldHash) throw invalid(AccountMessages.passwordNotSet);
  // A stolen session must not be able to guess the old password at leisure.
  await hitRateLimit('password-check', user._id);
  if (!(await verifyPassword(oldHash, oldPassword))) throw invalid(AccountMessages.oldPasswordWrong);
  await User.updateOne(
    { _id: user._id, passwordHash: oldHash },
    { $set: { passwordHash: await hashPassword(password), updateTime: Date.now() } },
  );
  await signOutOtherSessions(user._id, keepToken);
}
