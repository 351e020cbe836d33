import { AccountMessages, SignUpInputSchema, type EventPayload, type SignUpInput } from '@forum/contracts';
import { requireCaptcha } from '../captcha';
import { getSiteConfig } from '../config';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents, newEvent } from '../events';
import { hitRateLimit } from '../rate-limit';
import { User, type UserDoc } from '../users/model';
import { hashPassword } from '../users/passwords';
import { assertNoForbiddenWords } from '../topics/forbidden-words';
import { parseInput } from './input';
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
import { startSession, type SignedIn } from './session';
import type { RequestContext } from '../request-context';
import { projectUser, userIdByLogin } from '../read-model/users';

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
  if (!email) throw new AppError('INVALID_INPUT', AccountMessages.emailRequired);
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
  const id = await nextId('user');
  const now = Date.now();
  const event = newEvent('user.created', { userId: id, ...created });
  const user = await insertWithEvents(
    User,
    {
      _id: id,
      username,
      usernameLower: username ? username.toLowerCase() : `#${id}`,
      email,
      emailLower: email.toLowerCase(),
      nickname,
      passwordHash: await hashPassword(password),
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
  return user as UserDoc;
}

/** Creates an account with e-mail and password and signs it in (POST /api/login/signup). */
export async function signUp(ctx: RequestContext, input: SignUpInput): Promise<SignedIn> {
  const config = await getSiteConfig();
  if (!config.loginMethod.password) throw new AppError('FORBIDDEN', AccountMessages.passwordLoginDisabled);
  // Parsed here, after the login-method check, so the legacy form arrives unparsed: a site without
  // password sign-up says so before judging the fields (tRPC parsed already; twice is harmless).
  const values = parseInput(SignUpInputSchema, input);
  await requireCaptcha(values.captchaId, values.captchaCode);
  await checkNewAccount(values, config.emailWhitelist);
  // Counted only once everything is valid, so typing mistakes do not lock a person out.
  if (ctx.ip) await hitRateLimit('signup', ctx.ip);
  const user = await insertAccount(values, { source: 'signup' });
  return startSession(user, values.ref);
}
