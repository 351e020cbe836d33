import {
  PasswordResetMessages as M,
  ResetPasswordInputSchema,
  type ResetPasswordInput,
} from '@forum/contracts';
import { AppError } from '../errors';
import { kv } from '../kv';
import { parseInput } from '../parse-input';
import { User } from '../users/model';
import { hashPassword } from '../users/passwords';
import { checkPassword } from '../users/rules';
import { signOutOtherSessions } from '../users/tokens';
import { digestResetToken, resetKey, type PendingReset } from './request-password-reset';

/**
 * 忘记密码, step two: the token from the mailed link and the new password. The link works once,
 * within its time, and only while the account still has the address it was sent to; every session
 * of the account ends (whoever knew the old password is signed out). The reader then signs in.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  const { token, password, rePassword } = parseInput(ResetPasswordInputSchema, input);
  // The new password is checked first: a typo does not use up the link.
  checkPassword(password, rePassword);
  const key = resetKey(digestResetToken(token));
  const raw = token ? await kv().get(key) : null;
  if (!raw) throw new AppError('INVALID_INPUT', M.tokenInvalid);
  const pending = JSON.parse(raw) as PendingReset;
  const user = await User.findById(pending.userId, { email: 1, status: 1 }).lean();
  if (!user || user.status !== 0 || (user.email ?? '').toLowerCase() !== pending.email.toLowerCase()) {
    await kv().del(key);
    throw new AppError('INVALID_INPUT', M.tokenInvalid);
  }
  await User.updateOne(
    { _id: user._id },
    { $set: { passwordHash: await hashPassword(password), updateTime: Date.now() } },
  );
  await kv().del(key);
  await signOutOtherSessions(user._id, null);
}
