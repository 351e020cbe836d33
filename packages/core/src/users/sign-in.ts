import { AccountMessages, SignInInputSchema, type SignInInput } from '@forum/contracts';
import { requireCaptcha } from '../captcha';
import { AppError } from '../errors';
import { hitRateLimit } from '../rate-limit';
import { User, type UserDoc } from './model';
import { verifyPassword } from './passwords';
import { parseInput } from '../parse-input';
import { isEmail } from './rules';
import { startSession, type SignedIn } from './session';
import type { RequestContext } from '../request-context';
import { userIdByLogin } from '../read-model/users';

function invalid(message: string): AppError {
  return new AppError('INVALID_INPUT', message);
}

/**
 * Signs in with a username or an e-mail and the password (POST /api/login/signin). A captcha is
 * always required. Attempts are limited per IP and per account name, against password guessing.
 */
export async function signIn(ctx: RequestContext, input: SignInInput): Promise<SignedIn> {
  if (ctx.ip) await hitRateLimit('signin-ip', ctx.ip);
  // Parsed here, after the per-IP limit, so the legacy form arrives unparsed: a flood of malformed
  // attempts still counts and is answered with the limit (tRPC parsed already; twice is harmless).
  const values = parseInput(SignInInputSchema, input);
  await requireCaptcha(values.captchaId, values.captchaCode);

  const { username: loginName, password } = values;
  if (!loginName) throw invalid(AccountMessages.loginNameRequired);
  if (!password) throw invalid(AccountMessages.signInPasswordRequired);
  const nameLower = loginName.toLowerCase();
  await hitRateLimit('signin-name', nameLower);

  const userId = await userIdByLogin(isEmail(loginName) ? 'email' : 'username', nameLower);
  // The password hash lives only in MongoDB: one lookup by id.
  const user = userId ? await User.findById(userId, { outbox: 0 }).lean<UserDoc>() : null;
  if (!user || user.status !== 0) throw invalid(AccountMessages.userNotFoundOrDisabled);
  if (!(await verifyPassword(user.passwordHash ?? '', password))) {
    throw invalid(AccountMessages.wrongPassword);
  }
  return startSession(user, values.ref);
}
