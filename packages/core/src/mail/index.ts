/** The mail area: the SMTP transport and the e-mail verification flow that uses it. */
export {
  closeMail,
  configureMail,
  mailSettings,
  sendMail,
  type MailDefaults,
  type MailSettings,
  type OutgoingMail,
  type SmtpSettings,
} from './transport';
export { getMailSettings, saveMailSettings, sendTestMail, storedMailSettings } from './settings';
export { sendTestMailJob } from './jobs';
export * from '../email-verification';
