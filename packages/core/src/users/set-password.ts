import { AccountMessages, SetPasswordInputSchema, type SetPasswordInput } from '@forum/contracts';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import type { RequestContext } from '../request-context';
import { hashPassword } from './passwords';
import { checkPassword } from './rules';
import { signedIn } from '../policies';
import { changeUser } from './change-user';

/** For accounts without a password yet (made by a third-party sign-in). */
export async function setPassword(ctx: RequestContext, input: SetPasswordInput): Promise<void> {
  const user = signedIn(ctx.actor);
  const { password, rePassword } = parseInput(SetPasswordInputSchema, input);
  checkPassword(password, rePassword);
  if (user.passwordHash) throw new AppError('INVALID_INPUT', AccountMessages.passwordAlreadySet);
  const result = await changeUser(
    { _id: user._id, passwordHash: { $in: ['', null] } },
    { $set: { passwordHash: await hashPassword(password), updateTime: Date.now() } },
  );
  if (result.matchedCount === 0) throw new AppError('INVALID_INPUT', AccountMessages.passwordAlreadySet);
}
