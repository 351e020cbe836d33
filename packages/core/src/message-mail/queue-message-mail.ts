/**
 * E-mail notices of messages (docs/legacy-api.md §4.18), batched: each message for a user who has a
 * verified e-mail and has not turned notices off is pushed to a Redis list of theirs, and one
 * delayed `mail` job per user per interval (its id names the user and the interval) sends
 * everything the list holds when the interval ends. So a user gets at most one notice mail per
 * interval, however many messages arrive. Who gets a message at all is decided by the messages
 * code (docs/legacy-api.md §4.5), which calls `queueMessageMail` for each message it stores; the rules live there.
 */
import { QueueName } from '@forum/contracts';
import { z } from 'zod';
import { getQueue } from '../events/queues';
import { kv, kvKey } from '../kv';
import { mailReady } from '../mail/availability';
import { readUser } from '../read-model/users';
import type { UserDoc } from '../users/model';

export const MessageMailItemSchema = z.object({
  title: z.string(),
  content: z.string(),
  /** Absolute or site-relative link to what the message is about. */
  url: z.string(),
});
export type MessageMailItem = z.infer<typeof MessageMailItemSchema>;

/** Default seconds between two notice mails to one user (`MAIL_NOTICE_INTERVAL_SECONDS`). */
export const DEFAULT_MAIL_NOTICE_INTERVAL_SECONDS = 600;
let intervalMs = DEFAULT_MAIL_NOTICE_INTERVAL_SECONDS * 1000;

/** Set at start-up by the process that queues notices (the worker). */
export function configureMessageMail(options: { intervalSeconds: number }): void {
  intervalMs = options.intervalSeconds * 1000;
}

export const pendingNoticesKey = (userId: number) => kvKey('mail', 'notices', userId);

/** Whether a user is to be mailed about messages: a verified e-mail and notices left on. */
export function wantsMessageMail(user: Pick<UserDoc, 'email' | 'emailVerified' | 'emailNotify'>): boolean {
  return !!user.email && user.emailVerified && user.emailNotify !== false;
}

export const SEND_MESSAGE_MAIL_JOB = 'send-message-mail';

/** The job that sends the notices of the interval `now` falls in, and how long until it ends. */
export function noticeJobOf(userId: number, now = Date.now()): { jobId: string; delay: number } {
  const window = Math.floor(now / intervalMs);
  return { jobId: `notice-${userId}-${window}`, delay: (window + 1) * intervalMs - now };
}

/** Schedules the job of the current interval; a no-op when it is scheduled already (same id). */
export async function scheduleNoticeJob(userId: number): Promise<void> {
  const { jobId, delay } = noticeJobOf(userId);
  await getQueue(QueueName.Mail).add(SEND_MESSAGE_MAIL_JOB, { userId }, { jobId, delay });
}

/**
 * Queues a notice mail about one message for `userId`. Returns false (and queues nothing) when the
 * user is not to be mailed, or when no worker can send mail now (the notice would only fail).
 */
export async function queueMessageMail(userId: number, item: MessageMailItem): Promise<boolean> {
  const [user, ready] = await Promise.all([readUser(userId), mailReady()]);
  if (!user || !wantsMessageMail(user) || !ready) return false;
  await kv().rpush(pendingNoticesKey(userId), JSON.stringify(MessageMailItemSchema.parse(item)));
  await scheduleNoticeJob(userId);
  return true;
}
