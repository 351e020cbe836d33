/**
 * The account rules the forms check before sending (the API checks them again, with the same
 * texts): each answers `[field, message]` pairs for `useFieldErrors().check`.
 */
import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, USERNAME_PATTERN, TextsUsers } from '@forum/contracts';
import type { FieldCheck } from '~/lib/field-errors';

const users = TextsUsers;

/** The e-mail box: required and in bbs-go's format. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (!value) return users.emailRequired;
  return EMAIL_PATTERN.test(value) ? null : users.emailInvalid;
}

/** A new password typed twice. */
export function passwordChecks(
  password: string,
  rePassword: string,
  required: string = users.passwordRequired,
): FieldCheck<'password' | 'rePassword'>[] {
  return [
    ['password', !password ? required : password.length < PASSWORD_MIN_LENGTH && users.passwordTooSimple],
    ['rePassword', !!password && password !== rePassword && users.passwordMismatch],
  ];
}

export interface SignUpValues {
  nickname: string;
  username: string;
  email: string;
  password: string;
  rePassword: string;
}

/** The sign-up form: nickname, the optional username's format, e-mail and the password pair. */
export function signUpProblems(values: SignUpValues): FieldCheck<keyof SignUpValues>[] {
  const username = values.username.trim();
  return [
    ['nickname', !values.nickname.trim() && users.nicknameRequired],
    ['username', !!username && !USERNAME_PATTERN.test(username) && users.usernameInvalid],
    ['email', emailProblem(values.email)],
    ...passwordChecks(values.password, values.rePassword),
  ];
}
