import { createHash, randomBytes } from 'node:crypto';
import { EmailVerificationMessages as M, type VerifiedEmail } from '@forum/contracts';
import { isEmail } from '../users/rules';
import { insertWithFreshId } from '../db/counters';
import { AppError } from '../errors';
import { insertWithEvents, newEvent } from '../events';
import { hitRateLimit } from '../rate-limit';
import { mailReady } from '../mail/availability';
import { User } from '../users/model';
import { EmailCode } from './model';

export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a verification link for the user's current e-mail and queues the mail (legacy
 * `send_verify_email`). The code row records its event in the same insert, so the mail cannot be
 * lost between the write and the queue. Returns the address the mail goes to.
 */
export async function requestEmailVerification(userId: number): Promise<VerifiedEmail> {
  const user = await User.findById(userId, { email: 1, emailVerified: 1 }).lean();
  if (!user) throw new AppError('NOT_FOUND', M.userNotFound);
  if (user.emailVerified) throw new AppError('CONFLICT', M.alreadyVerified);
  const email = user.email ?? '';
  if (!isEmail(email)) throw new AppError('INVALID_INPUT', M.emailInvalid);
  // Nothing is queued that no worker could send: the reader is told so, not "sent".
  if (!(await mailReady())) throw new AppError('CONFLICT', M.mailUnavailable);
  await hitRateLimit('verify-mail', userId);

  const token = randomBytes(32).toString('hex');
  await insertWithFreshId('email_code', EmailCode, (id) =>
    insertWithEvents(
      EmailCode,
      {
        _id: id,
        userId,
        email,
        tokenHash: hashVerificationToken(token),
        token,
        used: false,
        createTime: Date.now(),
      },
      [newEvent('email.verification-requested', { codeId: id, userId })],
    ),
  );
  return { email };
}
