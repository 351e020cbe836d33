/** A new password account: the checks and the insert sign-up and the owner's `user/create` share. */
import { AccountMessages, type EventPayload } from '@forum/contracts';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents, newEvent } from '../events';
import { projectUser, userIdByLogin } from '../read-model/users';
import { assertNoForbiddenWords } from '../topics/forbidden-words';
import { User, type UserDoc } from './model';
import { hashPassword } from './passwords';
import {
  checkEmail,
  checkEmailWhitelisted,
  checkNickname,
  checkPassword,
  checkUsername,
  duplicateField,
  emailTaken,
  usernameTaken,
} from './rules';

/** A new password account's fields, as sign-up and the owner's `user/create` take them. */
export interface NewAccount {
  nickname: string;
  password: string;
  rePassword: string;
  email: string;
  username: string;
}

/**
 * Sign-up's checks of a new account, in bbs-go's order so clients see the same first message.
 * `emailWhitelist` is the site's (sign-up) or empty (the owner may create any address).
 */
export async function checkNewAccount(values: NewAccount, emailWhitelist: readonly string[]): Promise<void> {
  const { nickname, password, rePassword, email, username } = values;
  checkNickname(nickname);
  checkPassword(password, rePassword);
  if (!email) throw AppError.about('email', 'INVALID_INPUT', AccountMessages.emailRequired);
  checkEmail(email);
  checkEmailWhitelisted(email, emailWhitelist);
  if (await userIdByLogin('email', email.toLowerCase())) throw emailTaken(email);
  if (username) {
    checkUsername(username);
    if (await userIdByLogin('username', username.toLowerCase())) throw usernameTaken(username);
  }
  await assertNoForbiddenWords(nickname, username);
}

/** Inserts a checked account with its `user.created` event and projects it. */
export async function insertAccount(
  values: NewAccount,
  created: Omit<EventPayload<'user.created'>, 'userId'>,
): Promise<UserDoc> {
  const { nickname, password, email, username } = values;
  const passwordHash = await hashPassword(password);
  const user = await insertWithFreshId('user', User, (id) => {
    const now = Date.now();
    const event = newEvent('user.created', { userId: id, ...created });
    return insertWithEvents(
      User,
      {
        _id: id,
        username,
        usernameLower: username ? username.toLowerCase() : `#${id}`,
        email,
        emailLower: email.toLowerCase(),
        nickname,
        passwordHash,
        createTime: now,
        updateTime: now,
      },
      [event],
      {
        project: (stored) => projectUser(stored as UserDoc),
        // Two sign-ups raced past the checks; the unique index decided.
        onDuplicate: (error) => {
          const field = duplicateField(error);
          if (field === 'email') throw emailTaken(email);
          if (field === 'username') throw usernameTaken(username);
          throw error;
        },
      },
    );
  });
  return user as UserDoc;
}
