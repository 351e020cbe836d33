/** The mail area: the SMTP transport and the e-mail verification flow that uses it. */
export {
  closeMail,
  configureMail,
  mailSettings,
  sendMail,
  type MailDefaults,
  type MailSettings,
  type OutgoingMail,
} from './transport';
export { getMailSettingsForAdmin, storedMailSettings, type SmtpSettings } from './settings';
export { saveMailSettings } from './save-mail-settings';
export { announceMailReadiness, MAIL_ANNOUNCE_MS, mailReady } from './availability';
export { sendTestMail } from './send-test-mail';
export { sendTestMailJob } from './jobs';
export * from '../email-verification';
