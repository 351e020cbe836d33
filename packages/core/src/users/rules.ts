/** The account field rules of docs/legacy-api.md §4.11, with their exact texts. */
import { AccountMessages, EMAIL_PATTERN, PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@forum/contracts';
import { AppError } from '../errors';

/** A refusal of the input field `field` (the sign-up's and account settings' keys). */
function invalid(field: string, message: string): AppError {
  return AppError.about(field, 'INVALID_INPUT', message);
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

export function checkEmail(email: string): void {
  if (!isEmail(email)) throw invalid('email', AccountMessages.emailInvalid);
}

/**
 * The owner's `emailWhitelist` (late-2022 bbs-go): when it names any domain, an address must be at
 * one of them or a subdomain of one. Empty allows every domain.
 */
export function checkEmailWhitelisted(email: string, whitelist: readonly string[]): void {
  if (!whitelist.length) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const allowed = whitelist.some((entry) => {
    const listed = entry.trim().replace(/^@/, '').toLowerCase();
    return listed !== '' && (domain === listed || domain.endsWith(`.${listed}`));
  });
  if (!allowed) throw invalid('email', AccountMessages.emailNotWhitelisted);
}

export function checkUsername(username: string): void {
  if (!username) throw invalid('username', AccountMessages.usernameRequired);
  if (!USERNAME_PATTERN.test(username)) throw invalid('username', AccountMessages.usernameInvalid);
}

/** bbs-go's IsPassword: present, at least 6 characters, typed twice the same. */
export function checkPassword(password: string, rePassword: string): void {
  if (!password) throw invalid('password', AccountMessages.passwordRequired);
  if (password.length < PASSWORD_MIN_LENGTH) throw invalid('password', AccountMessages.passwordTooSimple);
  if (password !== rePassword) throw invalid('rePassword', AccountMessages.passwordMismatch);
}

export function checkNickname(nickname: string): void {
  if (!nickname) throw invalid('nickname', AccountMessages.nicknameRequired);
}

/** Which unique field a duplicate-key error (11000) is about, or null for another error. */
export function duplicateField(error: unknown): 'email' | 'username' | null {
  const { code, keyPattern, message } = (error ?? {}) as {
    code?: number;
    keyPattern?: Record<string, unknown>;
    message?: string;
  };
  if (code !== 11000) return null;
  if (keyPattern?.emailLower || message?.includes('emailLower')) return 'email';
  if (keyPattern?.usernameLower || message?.includes('usernameLower')) return 'username';
  return null;
}

export function emailTaken(email: string): AppError {
  return AppError.about('email', 'CONFLICT', AccountMessages.emailTaken(email));
}

export function usernameTaken(username: string): AppError {
  return AppError.about('username', 'CONFLICT', AccountMessages.usernameTaken(username));
}
