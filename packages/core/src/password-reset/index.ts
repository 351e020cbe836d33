/** 忘记密码: a mailed link that sets a new password (see docs/architecture.md "Accounts and security"). */
export { requestPasswordReset } from './request-password-reset';
export { resetPassword } from './reset-password';
export { passwordResetMail, passwordResetUrl, sendPasswordResetMailJob } from './jobs';
