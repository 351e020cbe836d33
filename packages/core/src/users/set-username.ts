import { AccountMessages, SetUsernameInputSchema, type SetUsernameInput } from '@forum/contracts';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { userIdByLogin } from '../read-model/users';
import type { RequestContext } from '../request-context';
import { checkUsername, duplicateField, usernameTaken } from './rules';
import { signedIn } from '../policies';
import { changeUser } from './change-user';

/** A signed-in user without a username sets one (docs/legacy-api.md §1.5); it cannot change after. */
export async function setUsername(ctx: RequestContext, input: SetUsernameInput): Promise<void> {
  const user = signedIn(ctx.actor);
  const { username } = parseInput(SetUsernameInputSchema, input);
  checkUsername(username);
  if (user.username) throw new AppError('INVALID_INPUT', AccountMessages.usernameAlreadySet);
  const usernameLower = username.toLowerCase();
  if (await userIdByLogin('username', usernameLower)) throw usernameTaken(username);
  try {
    // Conditional on "still none", so two concurrent requests cannot both set one.
    const result = await changeUser(
      { _id: user._id, username: { $in: ['', null] } },
      { $set: { username, usernameLower, updateTime: Date.now() } },
    );
    if (result.matchedCount === 0) throw new AppError('INVALID_INPUT', AccountMessages.usernameAlreadySet);
  } catch (error) {
    if (duplicateField(error) === 'username') throw usernameTaken(username);
    throw error;
  }
}
