import { AccountMessages, UpdatePasswordInputSchema, type UpdatePasswordInput } from '@forum/contracts';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { hitRateLimit } from '../rate-limit';
import type { RequestContext } from '../request-context';
import { User } from './model';
import { hashPassword, verifyPassword } from './passwords';
import { checkPassword } from './rules';
import { signOutOtherSessions } from './tokens';
import { signedIn } from '../policies';

/**
 * Changes the password and signs out every session but the caller's: `keepToken` is the token
 * of the request itself (null: sign out all).
 */
export async function updatePassword(
  ctx: RequestContext,
  input: UpdatePasswordInput,
  keepToken: string | null = null,
): Promise<void> {
  const user = signedIn(ctx.actor);
  const { oldPassword, password, rePassword } = parseInput(UpdatePasswordInputSchema, input);
  checkPassword(password, rePassword);
  const current = await User.findById(user._id, { passwordHash: 1 }).lean();
  const oldHash = current?.passwordHash ?? '';
  if (!oldHash) throw new AppError('INVALID_INPUT', AccountMessages.passwordNotSet);
  // A stolen session must not be able to guess the old password at leisure.
  await hitRateLimit('password-check', user._id);
  if (!(await verifyPassword(oldHash, oldPassword))) {
    throw AppError.about('oldPassword', 'INVALID_INPUT', AccountMessages.oldPasswordWrong);
  }
  await User.updateOne(
    { _id: user._id, passwordHash: oldHash },
    { $set: { passwordHash: await hashPassword(password), updateTime: Date.now() } },
  );
  await signOutOtherSessions(user._id, keepToken);
}
