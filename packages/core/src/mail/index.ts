/** The mail area: the SMTP transport and the e-mail verification flow that uses it. */
export {
  closeMail,
  configureMail,
  mailSettings,
  sendMail,
  type MailSettings,
  type OutgoingMail,
  type SmtpSettings,
} from './transport';
export * from '../email-verification';
