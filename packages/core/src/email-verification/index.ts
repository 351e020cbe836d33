export { sendVerificationMailJob } from './jobs';
export { EmailCode, type EmailCodeDoc } from './model';
export { hashVerificationToken, requestEmailVerification } from './request-email-verification';
export { verificationMail, verificationUrl } from './verification-mail';
export { verifyEmail } from './verify-email';
