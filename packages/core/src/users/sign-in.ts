import { AccountMessages, SignInInputSchema, type SignInInput } from '@forum/contracts';
import { requireCaptcha } from '../captcha';
import { AppError } from '../errors';
import { forgetFailures, isDelayed, isOverRateLimit, recordFailure } from '../rate-limit';
import { User, type UserDoc } from './model';
import { verifyPassword } from './passwords';
import { parseInput } from '../parse-input';
import { isEmail } from './rules';
import { startSession, type SignedIn } from './session';
import type { RequestContext } from '../request-context';
import { userIdByLogin } from '../read-model/users';
import { isKnownSignInAddress, rememberSignInAddress } from './sign-in-addresses';

function invalid(message: string): AppError {
  return new AppError('INVALID_INPUT', message);
}

/**
 * Signs in with a username or an e-mail and the password (POST /api/login/signin). A captcha is
 * always required. Against guessing, failed attempts slow down the next ones rather than lock the
 * account (`FailureDelays`): per account and client address, and per account over all addresses,
 * the account being the same whichever of its name or e-mail is typed. An address the account has
 * signed in from before is never held back for it: a correct password from there always signs in.
 */
export async function signIn(ctx: RequestContext, input: SignInInput): Promise<SignedIn> {
  // Counted first, before the input is parsed, so a flood of malformed attempts counts too.
  const floodFromAddress = ctx.ip ? await isOverRateLimit('signin-ip', ctx.ip) : false;
  // Parsed here, so the legacy form arrives unparsed (tRPC parsed already; twice is harmless).
  const values = parseInput(SignInInputSchema, input);
  const { username: loginName, password } = values;
  const userId =
    loginName && password
      ? await userIdByLogin(isEmail(loginName) ? 'email' : 'username', loginName.toLowerCase())
      : null;
  const known = userId !== null && (await isKnownSignInAddress(userId, ctx.ip));
  if (!known) {
    if (floodFromAddress) throw new AppError('RATE_LIMITED');
    if (userId !== null && (await heldBack(userId, ctx.ip))) throw new AppError('RATE_LIMITED');
  }
  await requireCaptcha(values.captchaId, values.captchaCode);
  if (!loginName) throw AppError.about('username', 'INVALID_INPUT', AccountMessages.loginNameRequired);
  if (!password) throw AppError.about('password', 'INVALID_INPUT', AccountMessages.signInPasswordRequired);

  // The password hash lives only in MongoDB: one lookup by id.
  const user = userId ? await User.findById(userId, { outbox: 0 }).lean<UserDoc>() : null;
  if (!user || user.status !== 0) throw invalid(AccountMessages.userNotFoundOrDisabled);
  if (!(await verifyPassword(user.passwordHash ?? '', password))) {
    await recordFailure('signin-account-ip', accountAddress(user._id, ctx.ip));
    await recordFailure('signin-account', user._id);
    throw AppError.about('password', 'INVALID_INPUT', AccountMessages.wrongPassword);
  }
  await forgetFailures('signin-account-ip', accountAddress(user._id, ctx.ip));
  await rememberSignInAddress(user._id, ctx.ip);
  return startSession(user, values.ref);
}

const accountAddress = (userId: number, ip: string) => `${userId}@${ip}`;

/** Whether failed attempts make this one wait: from this address, or on the account as a whole. */
async function heldBack(userId: number, ip: string): Promise<boolean> {
  return (
    (await isDelayed('signin-account-ip', accountAddress(userId, ip))) ||
    (await isDelayed('signin-account', userId))
  );
}
