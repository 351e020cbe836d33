/** 忘记密码: a mailed link that sets a new password (see README, _Password reset_). */
export { requestPasswordReset } from './request-password-reset';
export { resetPassword } from './reset-password';
export { passwordResetMail, passwordResetUrl, sendPasswordResetMailJob } from './jobs';
