/** E-mail verification: the texts users see, the input of the verify step and its result. */
import { z } from 'zod';

/** How long a verification link stays valid (legacy-api.md §4.11: 24 h). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3600 * 1000;

/** Longer than any token we issue (64 hex characters); anything longer is simply unknown. */
export const EMAIL_VERIFICATION_TOKEN_MAX_LENGTH = 128;

export const EmailVerificationMessages = {
  userNotFound: '用户不存在',
  emailInvalid: '邮箱格式不符合规范',
  alreadyVerified: '用户邮箱已验证',
  /** bbs-go answers a blank token in English; the wire text is kept. */
  tokenBlank: 'Illegal request',
  tokenUnknown: '非法请求',
  emailChanged: '验证码过期',
  linkExpired: '验证邮件已过期',
} as const;

export const VerifyEmailInputSchema = z.object({
  token: z
    .string()
    .default('')
    .transform((value) => value.trim())
    .pipe(z.string().max(EMAIL_VERIFICATION_TOKEN_MAX_LENGTH, EmailVerificationMessages.tokenUnknown)),
});
export type VerifyEmailInput = z.input<typeof VerifyEmailInputSchema>;

/** What a successful verification (and a verification request) answer: the address concerned. */
export const VerifiedEmailSchema = z.object({ email: z.string() });
export type VerifiedEmail = z.infer<typeof VerifiedEmailSchema>;
