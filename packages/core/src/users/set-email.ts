import { AccountMessages, SetEmailInputSchema, type SetEmailInput } from '@forum/contracts';
import { getSiteConfig } from '../config';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { userIdByLogin } from '../read-model/users';
import type { RequestContext } from '../request-context';
import { User } from './model';
import { checkEmail, checkEmailWhitelisted, duplicateField, emailTaken } from './rules';
import { signOutOtherSessions } from './tokens';
import { signedIn } from '../policies';
import { changeUser } from './change-user';

/**
 * A signed-in user sets their e-mail (docs/legacy-api.md §1.5). Changing it makes it unverified again;
 * the same e-mail again changes nothing. A change signs out every other session (`keepToken` is
 * the caller's own), as a password change does: whoever else held one may be who the owner is
 * locking out.
 */
export async function setEmail(
  ctx: RequestContext,
  input: SetEmailInput,
  keepToken: string | null = null,
): Promise<void> {
  const user = signedIn(ctx.actor);
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
    await changeUser(
      { _id: user._id },
      { $set: { email, emailLower, emailVerified: false, updateTime: Date.now() } },
    );
  } catch (error) {
    if (duplicateField(error) === 'email') throw emailTaken(email);
    throw error;
  }
  await signOutOtherSessions(user._id, keepToken);
}
