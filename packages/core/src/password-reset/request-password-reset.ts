import { createHash, randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_TTL_MS,
  PasswordResetMessages as M,
  QueueName,
  RequestPasswordResetInputSchema,
  type RequestPasswordResetInput,
} from '@forum/contracts';
import { requireCaptcha } from '../captcha';
import { AppError } from '../errors';
import { getQueue } from '../events/queues';
import { kv, kvKey } from '../kv';
import { mailReady } from '../mail/availability';
import { parseInput } from '../parse-input';
import { hitRateLimit } from '../rate-limit';
import { userIdByLogin } from '../read-model/users';
import type { RequestContext } from '../request-context';
import { User } from '../users/model';
import { isEmail } from '../users/rules';

export const SEND_PASSWORD_RESET_MAIL_JOB = 'send-password-reset-mail';

export const digestResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The reset a token's digest stands for, until it is used or expires. */
export const resetKey = (digest: string) => kvKey('password-reset', digest);
/**
 * The mail job's letter: address and token, kept beside the job rather than in its data, so the
 * queue dashboard (which admins may read) never shows a token that would reset someone's password.
 */
export const resetMailKey = (ref: string) => kvKey('password-reset-mail', ref);

export interface PendingReset {
  userId: number;
  /** The address the link was sent to: a reset stops working when the account's address changes. */
  email: string;
}

/**
 * 忘记密码, step one: a captcha, an address and, when an active account has that address, a link
 * mailed to it (valid PASSWORD_RESET_TTL_MS, once). The answer is the same whether or not an
 * account has the address, so nobody learns who is registered from it. Limited per client address
 * and per address asked for; refused with the truth when no worker can send mail.
 */
export async function requestPasswordReset(
  ctx: RequestContext,
  input: RequestPasswordResetInput,
): Promise<{ email: string }> {
  if (ctx.ip) await hitRateLimit('password-reset-ip', ctx.ip);
  const values = parseInput(RequestPasswordResetInputSchema, input);
  await requireCaptcha(values.captchaId, values.captchaCode);
  const email = values.email.toLowerCase();
  if (!email) throw AppError.about('email', 'INVALID_INPUT', M.emailRequired);
  if (!isEmail(email)) throw AppError.about('email', 'INVALID_INPUT', M.emailRequired);
  if (!(await mailReady())) throw new AppError('CONFLICT', M.mailUnavailable);
  await hitRateLimit('password-reset-email', email);

  const userId = await userIdByLogin('email', email);
  const user = userId === null ? null : await User.findById(userId, { email: 1, status: 1 }).lean();
  if (user && user.status === 0 && user.email) {
    const token = randomBytes(32).toString('hex');
    const pending: PendingReset = { userId: user._id, email: user.email };
    const ref = randomBytes(12).toString('hex');
    // Two commands, not a MULTI: on a Redis Cluster the keys lie in different slots. A token stored
    // without its mail's key is never mailed and expires unused.
    await kv().set(resetKey(digestResetToken(token)), JSON.stringify(pending), 'PX', PASSWORD_RESET_TTL_MS);
    await kv().set(resetMailKey(ref), JSON.stringify({ to: user.email, token }), 'PX', PASSWORD_RESET_TTL_MS);
    await getQueue(QueueName.Mail).add(
      SEND_PASSWORD_RESET_MAIL_JOB,
      { ref },
      { jobId: `password-reset-${ref}`, removeOnComplete: true },
    );
  }
  return { email };
}
