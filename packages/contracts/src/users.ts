/**
 * The people area: who is signed in, profiles and their limits, and the account use cases' inputs
 * (captcha, sign-up, sign-in, account settings). One feature, one name: `users`, as in core, tRPC
 * and the web app.
 */
import { z } from 'zod';
import { ProfileAbilitiesSchema, SiteAbilitiesSchema } from './abilities';
import { Texts } from './texts';

/** What the web app knows about the signed-in user. Issue-level features extend it. */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  forbidden: z.boolean(),
  /** While muted: when it ends (-1 never, else ms) and the reason given; null when not muted. */
  mute: z.object({ endTime: z.number().int(), reason: z.string() }).nullable(),
  can: SiteAbilitiesSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** A poster as our web app shows them beside a topic, article or comment. */
export interface Author {
  id: number;
  nickname: string;
  avatar: string;
  /** The level from points and its title (0 and '' when unknown). */
  level: number;
  levelTitle: string;
}

// Profiles

export const NICKNAME_MAX_LENGTH = 16;
export const DESCRIPTION_MAX_LENGTH = 200;
export const HOME_PAGE_MAX_LENGTH = 1024;

/** Trimmed text without NUL characters (FerretDB cannot store them). */
const text = z.string().transform((value) => value.replace(/\0/g, '').trim());
/** Length in characters as people count them (an emoji is one), not UTF-16 units. */
const length = (value: string) => [...value].length;

/**
 * A profile edit (legacy POST /api/user/edit/{id}). The messages are what the legacy client shows,
 * so they stay the bbs-go texts where bbs-go had one.
 */
export const ProfileUpdateSchema = z.object({
  nickname: text
    .refine((value) => value.length > 0, Texts.users.nicknameRequired)
    .refine(
      (value) => length(value) <= NICKNAME_MAX_LENGTH,
      Texts.users.nicknameTooLong(NICKNAME_MAX_LENGTH),
    ),
  homePage: text
    .refine(
      (value) => value === '' || (/^https?:\/\//i.test(value) && URL.canParse(value)),
      '个人主页地址错误',
    )
    .refine((value) => value.length <= HOME_PAGE_MAX_LENGTH, '个人主页地址过长'),
  description: text.refine(
    (value) => length(value) <= DESCRIPTION_MAX_LENGTH,
    `个人简介不能超过${DESCRIPTION_MAX_LENGTH}个字`,
  ),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/**
 * What a transport accepts before the service validates it with ProfileUpdateSchema, so every
 * client gets the same Chinese message for the same mistake.
 */
export const ProfileUpdateInputSchema = z.object({
  nickname: z.string().max(1000),
  homePage: z.string().max(4000).default(''),
  description: z.string().max(4000).default(''),
});

export const SetAvatarSchema = z.object({ avatar: z.string().max(2048) });
export const SetBackgroundImageSchema = z.object({ backgroundImage: z.string().max(2048) });

/** The editable part of the signed-in user's profile, as our web app reads it back. */
export const ProfileSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  backgroundImage: z.string(),
  homePage: z.string(),
  description: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

// Accounts

/**
 * Inputs of the account use cases (captcha, sign-up, sign-in, account settings). Every field is a
 * trimmed string that defaults to '' (legacy forms omit fields freely); the ordered bbs-go checks and
 * their texts live in core, these schemas only bound sizes so an oversized value gets a clear message.
 */

export const EMAIL_MAX_LENGTH = 128;
export const PASSWORD_MAX_LENGTH = 128;
/** Longer than any valid username (12) or e-mail (128): a bound, not the format rule. */
export const LOGIN_NAME_MAX_LENGTH = 128;
/** Captcha ids and codes are short; anything longer is simply a wrong captcha. */
export const CAPTCHA_FIELD_MAX_LENGTH = 64;
export const REF_MAX_LENGTH = 1024;

export const AccountMessages = {
  passwordLoginDisabled: '账号密码登录/注册已禁用',
  nicknameRequired: Texts.users.nicknameRequired,
  // Same text as the profile edit, which shares the limit.
  nicknameTooLong: Texts.users.nicknameTooLong(NICKNAME_MAX_LENGTH),
  passwordRequired: Texts.users.passwordRequired,
  passwordTooSimple: Texts.users.passwordTooSimple,
  passwordTooLong: `密码长度不能超过${PASSWORD_MAX_LENGTH}个字符`,
  passwordMismatch: Texts.users.passwordMismatch,
  emailRequired: Texts.users.emailRequired,
  emailInvalid: Texts.users.emailInvalid,
  /** The owner's `emailWhitelist` names domains and this address is under none of them. */
  emailNotWhitelisted: '该邮箱域名不在允许注册的范围内',
  emailTooLong: `邮箱长度不能超过${EMAIL_MAX_LENGTH}个字符`,
  usernameRequired: '请输入用户名',
  usernameInvalid: Texts.users.usernameInvalid,
  loginNameRequired: '用户名/邮箱不能为空',
  loginNameTooLong: `用户名/邮箱长度不能超过${LOGIN_NAME_MAX_LENGTH}个字符`,
  signInPasswordRequired: '密码不能为空',
  userNotFoundOrDisabled: '用户不存在或被禁用',
  wrongPassword: '密码错误',
  userNotFound: Texts.users.missing,
  usernameAlreadySet: '你已设置了用户名，无法重复设置。',
  passwordAlreadySet: '你已设置了密码，如需修改请前往修改页面。',
  passwordNotSet: '你没设置密码，请先设置密码',
  oldPasswordWrong: '旧密码验证失败',
  emailTaken: (email: string) => `邮箱：${email} 已被占用`,
  usernameTaken: (username: string) => `用户名：${username} 已被占用`,
} as const;

/** A trimmed form field ('' when absent), NUL characters removed (FerretDB refuses them). */
function field(max: number, tooLong: string) {
  return z
    .string()
    .default('')
    .transform((value) => value.replaceAll('\0', '').trim())
    .pipe(z.string().max(max, tooLong));
}

/** Nicknames are counted as people count characters (an emoji is one), like the profile edit. */
const nicknameField = () =>
  field(NICKNAME_MAX_LENGTH * 2, AccountMessages.nicknameTooLong).refine(
    (value) => [...value].length <= NICKNAME_MAX_LENGTH,
    AccountMessages.nicknameTooLong,
  );

const captchaField = () =>
  z
    .string()
    .default('')
    .transform((value) => value.trim().slice(0, CAPTCHA_FIELD_MAX_LENGTH + 1));

/** `ref` is only echoed back; an absurdly long one is dropped rather than refused. */
const refField = () =>
  z
    .string()
    .default('')
    .transform((value) => (value.length > REF_MAX_LENGTH ? '' : value.trim()));

export const CaptchaRequestInputSchema = z.object({ captchaId: captchaField() });
export type CaptchaRequestInput = z.input<typeof CaptchaRequestInputSchema>;

export const CaptchaSchema = z.object({ captchaId: z.string(), captchaUrl: z.string() });
export type Captcha = z.infer<typeof CaptchaSchema>;

export const SignUpInputSchema = z.object({
  captchaId: captchaField(),
  captchaCode: captchaField(),
  email: field(EMAIL_MAX_LENGTH, AccountMessages.emailTooLong),
  username: field(LOGIN_NAME_MAX_LENGTH, AccountMessages.usernameInvalid),
  password: field(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
  rePassword: field(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
  nickname: nicknameField(),
  ref: refField(),
});
export type SignUpInput = z.input<typeof SignUpInputSchema>;

export const SignInInputSchema = z.object({
  captchaId: captchaField(),
  captchaCode: captchaField(),
  username: field(LOGIN_NAME_MAX_LENGTH, AccountMessages.loginNameTooLong),
  password: field(PASSWORD_MAX_LENGTH, AccountMessages.wrongPassword),
  ref: refField(),
});
export type SignInInput = z.input<typeof SignInInputSchema>;

export const SetUsernameInputSchema = z.object({
  username: field(LOGIN_NAME_MAX_LENGTH, AccountMessages.usernameInvalid),
});
export type SetUsernameInput = z.input<typeof SetUsernameInputSchema>;

export const SetEmailInputSchema = z.object({
  email: field(EMAIL_MAX_LENGTH, AccountMessages.emailTooLong),
});
export type SetEmailInput = z.input<typeof SetEmailInputSchema>;

export const SetPasswordInputSchema = z.object({
  password: field(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
  rePassword: field(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
});
export type SetPasswordInput = z.input<typeof SetPasswordInputSchema>;

export const UpdatePasswordInputSchema = SetPasswordInputSchema.extend({
  oldPassword: field(PASSWORD_MAX_LENGTH, AccountMessages.oldPasswordWrong),
});
export type UpdatePasswordInput = z.input<typeof UpdatePasswordInputSchema>;

export const UserIdInputSchema = z.object({ id: z.number().int().positive() });

/**
 * What a successful tRPC sign-in or sign-up returns. The token itself is only in the HttpOnly
 * `userToken` cookie the same answer sets: no script of the page (nor one injected into it) can
 * read it. Clients that keep the token themselves use the legacy `/api/login/*`.
 */
export const SessionSchema = z.object({
  /** Seconds the token stays valid: the cookie's max-age. */
  maxAge: z.number().int(),
  user: CurrentUserSchema,
  ref: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;

/** A user's public profile over tRPC: never an e-mail, role list, password or token. */
export const PublicProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  backgroundImage: z.string(),
  description: z.string(),
  homePage: z.string(),
  score: z.number().int(),
  /** The level from points (levelConfig) and its title. */
  level: z.number().int(),
  levelTitle: z.string(),
  topicCount: z.number().int(),
  commentCount: z.number().int(),
  fansCount: z.number().int(),
  followCount: z.number().int(),
  forbidden: z.boolean(),
  /** While muted: when it ends (-1 never, else ms); 0 when not muted. */
  forbiddenEndTime: z.number().int(),
  /** The reason of a mute, for the user and those who may lift it; '' for everyone else. */
  forbiddenReason: z.string(),
  createTime: z.number().int(),
  /** The user's place in registration order (1 for the first member; 0 unknown): 第 N 位会员. */
  registrationRank: z.number().int(),
  /** What the viewer may do to this user. */
  can: ProfileAbilitiesSchema,
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** The signed-in user's own account facts (settings page). */
export const AccountSettingsSchema = z.object({
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  passwordSet: z.boolean(),
  /** Messages are also mailed (to a verified e-mail) unless the user turned this off. */
  emailNotify: z.boolean(),
  /** The topics the user posts are watched (关注此话题) unless they turned this off. */
  watchPostedTopics: z.boolean(),
  /** The topics the user comments on are watched unless they turned this off. */
  watchRepliedTopics: z.boolean(),
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

/** Turns e-mail notices of messages on or off (legacy POST /api/user/set/email_notify). */
export const SetEmailNotifySchema = z.object({ emailNotify: z.boolean() });

/** How long a password-reset link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** The reset token in a link: 64 hex digits; anything longer is not one of ours. */
export const PASSWORD_RESET_TOKEN_MAX_LENGTH = 128;

/** 忘记密码: the texts of asking for a link and of setting the new password with it. */
/** The password-reset pages' and use cases' texts (in `Texts`, so the browser reads them without zod). */
export const PasswordResetMessages = Texts.passwordReset;

export const RequestPasswordResetInputSchema = z.object({
  captchaId: captchaField(),
  captchaCode: captchaField(),
  email: field(EMAIL_MAX_LENGTH, AccountMessages.emailTooLong),
});
export type RequestPasswordResetInput = z.input<typeof RequestPasswordResetInputSchema>;

export const ResetPasswordInputSchema = z.object({
  token: field(PASSWORD_RESET_TOKEN_MAX_LENGTH, PasswordResetMessages.tokenInvalid),
  password: field(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
  rePassword: field(PASSWORD_MAX_LENGTH, AccountMessages.passwordTooLong),
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInputSchema>;
