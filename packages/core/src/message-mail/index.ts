export {
  DEFAULT_MAIL_NOTICE_INTERVAL_SECONDS,
  configureMessageMail,
  noticeJobOf,
  pendingNoticesKey,
  queueMessageMail,
  wantsMessageMail,
  type MessageMailItem,
} from './queue-message-mail';
export { sendMessageMailJob } from './jobs';
export { setEmailNotify } from './set-email-notify';
