import {
  EMAIL_VERIFICATION_TTL_MS,
  EmailVerificationMessages as M,
  VerifyEmailInputSchema,
  type VerifiedEmail,
} from '@forum/contracts';
import { AppError } from '../errors';
import { User } from '../users/model';
import { EmailCode } from './model';
import { hashVerificationToken } from './request-email-verification';
import { reprojectUser } from '../read-model/users';

function refused(message: string): AppError {
  return new AppError('INVALID_INPUT', message);
}

/**
 * Consumes a verification link's token (legacy `verify_email`) and marks the user's e-mail
 * verified. The checks and their texts follow bbs-go, in its order.
 */
export async function verifyEmail(rawToken: unknown): Promise<VerifiedEmail> {
  const parsed = VerifyEmailInputSchema.safeParse({ token: rawToken ?? '' });
  if (!parsed.success) throw refused(M.tokenUnknown);
  const { token } = parsed.data;
  if (!token) throw refused(M.tokenBlank);

  const code = await EmailCode.findOne({ tokenHash: hashVerificationToken(token) }).lean();
  if (!code || code.used) throw refused(M.tokenUnknown);
  const user = await User.findById(code.userId, { email: 1 }).lean();
  if (!user || user.email !== code.email) throw refused(M.emailChanged);
  if (code.createTime + EMAIL_VERIFICATION_TTL_MS < Date.now()) throw refused(M.linkExpired);

  // Claiming the code with a conditional update makes a link work once, even for two clicks at once.
  const claimed = await EmailCode.updateOne(
    { _id: code._id, used: false },
    { $set: { used: true, token: '' } },
  );
  if (claimed.modifiedCount === 0) throw refused(M.tokenUnknown);
  // Conditional on the address, so a change made in between is not marked verified.
  const verified = await User.updateOne(
    { _id: user._id, email: code.email },
    { $set: { emailVerified: true, updateTime: Date.now() } },
  );
  if (verified.matchedCount === 0) throw refused(M.emailChanged);
  await reprojectUser(user._id);
  return { email: code.email };
}
