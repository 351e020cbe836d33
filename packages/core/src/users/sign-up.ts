import { AccountMessages, SignUpInputSchema } from '@forum/contracts';
import { requireCaptcha } from '../captcha';
import { getSiteConfig } from '../config';
import { AppError } from '../errors';
import { parseInput } from '../parse-input';
import { hitRateLimit } from '../rate-limit';
import { checkNewAccount, insertAccount } from './new-account';
import { startSession, type ClientMeta, type SignedIn } from './session';

/** Creates an account with e-mail and password and signs it in (POST /api/login/signup). */
export async function signUp(input: unknown, client: ClientMeta): Promise<SignedIn> {
  const config = await getSiteConfig();
  if (!config.loginMethod.password) throw new AppError('FORBIDDEN', AccountMessages.passwordLoginDisabled);
  const values = parseInput(SignUpInputSchema, input);
  await requireCaptcha(values.captchaId, values.captchaCode);
  await checkNewAccount(values, config.emailWhitelist);
  // Counted only once everything is valid, so typing mistakes do not lock a person out.
  if (client.ip) await hitRateLimit('signup', client.ip);
  const user = await insertAccount(values, { source: 'signup' });
  return startSession(user, values.ref);
}
