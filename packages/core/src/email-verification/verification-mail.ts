import { Texts } from '@forum/contracts';
import type { OutgoingMail } from '../mail/transport';
import { escapeHtml } from '../markdown/text';

/** The verification link inside a mail: the web page that posts the token to `verify_email`. */
export function verificationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/user/email/verify?token=${encodeURIComponent(token)}`;
}

/** The verification mail of docs/legacy-api.md §4.11, as plain text and HTML. */
export function verificationMail(to: string, siteTitle: string, url: string): OutgoingMail {
  const texts = Texts.mail.verification;
  const intro = texts.intro(siteTitle);
  return {
    to,
    subject: texts.subject(siteTitle),
    text: `${intro}${texts.textLink(url)}`,
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(texts.linkLabel)}</a></p>`,
      `<p>${escapeHtml(texts.copyLink)}<br>${escapeHtml(url)}</p>`,
    ].join('\n'),
  };
}
