/** E-mail verification: the texts users see, the input of the verify step and its result. */
import { z } from 'zod';
import { Texts } from './texts';

/** How long a verification link stays valid (docs/legacy-api.md §4.11: 24 h). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3600 * 1000;

/** Longer than any token we issue (64 hex characters); anything longer is simply unknown. */
export const EMAIL_VERIFICATION_TOKEN_MAX_LENGTH = 128;

export const EmailVerificationMessages = {
  userNotFound: Texts.users.missing,
  emailInvalid: Texts.users.emailInvalid,
  alreadyVerified: '用户邮箱已验证',
  /** bbs-go answers a blank token in English; the wire text is kept. */
  tokenBlank: 'Illegal request',
  tokenUnknown: '非法请求',
  emailChanged: '验证码过期',
  linkExpired: '验证邮件已过期',
  /** No worker has an SMTP server to send with (none configured, or no mail worker running). */
  mailUnavailable: '本站暂未配置邮件发送，无法发送验证邮件，请联系站长',
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

/**
 * The SMTP server the mail queue sends through, as the owner sets it in 系统设置 (stored in the
 * `mailSettings` row of `sys_config`, never in the public configuration). A blank host means the
 * worker's environment (`SMTP_*`, `MAIL_FROM`) applies.
 */
export const MAIL_SETTINGS_KEY = 'mailSettings';

export const MailSettingsMessages = {
  portInvalid: '端口应为 1 到 65535 之间的整数',
  fromRequired: '请填写发件人地址，例如 语音社区 <noreply@example.com>',
  fromInvalid: '发件人地址格式不正确，例如 语音社区 <noreply@example.com>',
  hostInvalid: '服务器地址不能包含空格或协议，例如 smtp.example.com',
  testRecipientInvalid: '请填写正确的收件邮箱',
  testFailed: '测试邮件发送失败',
  testTimeout: '测试邮件已排队，但 20 秒内没有发出：请检查 worker 是否在运行',
} as const;

/** `name <address>` or a bare address. */
const fromPattern = /^(?:[^<>]*<\s*[^\s<>@]+@[^\s<>@]+\s*>|[^\s<>@]+@[^\s<>@]+)$/;

const mailSettingsFields = {
  host: z
    .string()
    .trim()
    .max(255)
    .regex(/^[^\s/:]*$/, MailSettingsMessages.hostInvalid),
  port: z
    .number({ error: MailSettingsMessages.portInvalid })
    .int(MailSettingsMessages.portInvalid)
    .min(1, MailSettingsMessages.portInvalid)
    .max(65535, MailSettingsMessages.portInvalid),
  /** true: TLS from the first byte (465); false: plain, upgraded by STARTTLS when offered. */
  secure: z.boolean(),
  user: z.string().trim().max(255),
  from: z.string().trim().max(255),
};

/** What the console shows: everything but the password, of which only whether one is saved. */
export const MailSettingsViewSchema = z.object({ ...mailSettingsFields, passwordSet: z.boolean() });
export type MailSettingsView = z.infer<typeof MailSettingsViewSchema>;

/**
 * A save. The password is write-only: absent or blank keeps the saved one, and a blank user drops
 * it (no sign-in). With a host, the sender is required.
 */
export const MailSettingsInputSchema = z
  .object({ ...mailSettingsFields, password: z.string().max(1024).optional() })
  .superRefine((value, context) => {
    if (!value.host) return;
    if (!value.from)
      context.addIssue({ code: 'custom', path: ['from'], message: MailSettingsMessages.fromRequired });
    else if (!fromPattern.test(value.from)) {
      context.addIssue({ code: 'custom', path: ['from'], message: MailSettingsMessages.fromInvalid });
    }
  });
export type MailSettingsInput = z.infer<typeof MailSettingsInputSchema>;

export const TestMailInputSchema = z.object({
  to: z.email({ error: MailSettingsMessages.testRecipientInvalid }).max(255),
});
export type TestMailInput = z.infer<typeof TestMailInputSchema>;

/** Defaults of a site that never saved mail settings: the environment applies. */
export const DefaultMailSettings: Omit<MailSettingsView, 'passwordSet'> = {
  host: '',
  port: 587,
  secure: false,
  user: '',
  from: '',
};
