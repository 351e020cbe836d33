/**
 * Whether this site can send mail now, known to every process without asking the database: a
 * worker that consumes the `mail` queue and has an SMTP server (its environment's, or the one saved
 * in 系统设置) says so in Redis every MAIL_ANNOUNCE_MS, for MAIL_READY_TTL_S seconds. Request paths
 * read that one key: an e-mail verification is refused with the truth instead of "sent" when
 * nobody could send it, and the owner's 工作台 says mail is not configured.
 *
 * A save of an SMTP server in the console marks mail ready at once; a cleared one stops being
 * announced, so it reads as not ready within the key's lifetime. A worker that stops stops
 * announcing too.
 */
import { kv, kvKey } from '../kv';
import { smtpOf, storedMailSettings } from './settings';
import type { SmtpSettings } from './settings';

export const MAIL_READY_TTL_S = 90;
export const MAIL_ANNOUNCE_MS = 30_000;

const readyKey = () => kvKey('mail', 'ready');

/** Whether some worker can send mail now. */
export async function mailReady(): Promise<boolean> {
  return (await kv().get(readyKey())) === '1';
}

/** Marks mail ready for MAIL_READY_TTL_S seconds (a worker's announcement, or a console save). */
export async function markMailReady(): Promise<void> {
  await kv().set(readyKey(), '1', 'EX', MAIL_READY_TTL_S);
}

/**
 * A mail worker's announcement: ready when it has an SMTP server to send with. Returns whether it
 * has one. It never clears the key: another worker may have a server this one lacks.
 */
export async function announceMailReadiness(environmentSmtp: SmtpSettings | undefined): Promise<boolean> {
  const ready = !!environmentSmtp || !!smtpOf(await storedMailSettings());
  if (ready) await markMailReady();
  return ready;
}
