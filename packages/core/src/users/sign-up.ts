import { AccountMessages, SignUpInputSchema, type SignUpInput } from '@forum/contracts';
import { requireCaptcha } from '../captcha';
import { getSiteConfig } from '../config';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { hitRateLimit } from '../rate-limit';
import type { RequestContext } from '../request-context';
import { checkNewAccount, insertAccount } from './new-account';
import { startSession, type SignedIn } from './session';
import { rememberSignInAddress } from './sign-in-addresses';

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
  // Signing up signs in: this address is one the account has signed in from.
  await rememberSignInAddress(user._id, ctx.ip);
  return startSession(user, values.ref);
}
