import { QueueName, Texts } from '@forum/contracts';
import { z } from 'zod';
import { currentSiteTitle } from '../email-verification/jobs';
import { defineJob } from '../events/jobs';
import { kv } from '../kv';
import { mailSettings, sendMail, type OutgoingMail } from '../mail/transport';
import { escapeHtml } from '../markdown/text';
import { resetMailKey, SEND_PASSWORD_RESET_MAIL_JOB } from './request-password-reset';

/** The page a reset link opens: it asks for the new password and posts it with the token. */
export function passwordResetUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/user/password/reset?token=${encodeURIComponent(token)}`;
}

export function passwordResetMail(to: string, siteTitle: string, url: string): OutgoingMail {
  const texts = Texts.mail.passwordReset;
  const intro = texts.intro(siteTitle);
  return {
    to,
    subject: texts.subject(siteTitle),
    text: `${intro}\n${texts.textLink(url)}`,
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(texts.linkLabel)}</a></p>`,
      `<p>${escapeHtml(Texts.mail.verification.copyLink)}<br>${escapeHtml(url)}</p>`,
    ].join('\n'),
  };
}

/**
 * Mails a reset link. The letter (address and token) waits beside the job in Redis and is taken
 * only once the mail is sent, so a failed send is retried with it and a sent one is never sent
 * twice; an expired letter is gone, and the job ends without mail.
 */
export const sendPasswordResetMailJob = defineJob({
  queue: QueueName.Mail,
  name: SEND_PASSWORD_RESET_MAIL_JOB,
  schema: z.object({ ref: z.string().min(1).max(64) }),
  async handler({ ref }, { log }) {
    const raw = await kv().get(resetMailKey(ref));
    if (!raw) {
      log.info({ ref }, 'password reset letter gone (sent or expired)');
      return;
    }
    const letter = JSON.parse(raw) as { to: string; token: string };
    const settings = await mailSettings();
    const url = passwordResetUrl(settings.baseUrl, letter.token);
    await sendMail(passwordResetMail(letter.to, await currentSiteTitle(), url), settings);
    await kv().del(resetMailKey(ref));
  },
});
