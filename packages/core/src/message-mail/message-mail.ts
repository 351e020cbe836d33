import { Texts } from '@forum/contracts';
import type { OutgoingMail } from '../mail/transport';
import type { MessageMailItem } from './queue-message-mail';
import { escapeHtml } from '../markdown/text';

function absolute(baseUrl: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${baseUrl}/${url.replace(/^\/+/, '')}`;
}

/** One mail for the notices of an interval: each message with its link, then the message page. */
export function messageNoticeMail(
  to: string,
  siteTitle: string,
  baseUrl: string,
  items: MessageMailItem[],
): OutgoingMail {
  const texts = Texts.mail.messageNotice;
  const subject = texts.subject(
    siteTitle,
    items.length === 1 ? items[0]!.title : texts.manyNotices(items.length),
  );
  const messagesUrl = `${baseUrl}/user/messages`;
  const blocks = items.map((item) => {
    const url = absolute(baseUrl, item.url);
    return [
      `<h3>${escapeHtml(item.title)}</h3>`,
      item.content ? `<p>${escapeHtml(item.content)}</p>` : '',
      `<p><a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(texts.details)}</a></p>`,
    ].join('\n');
  });
  const lines = items.map((item) =>
    [item.title, item.content, absolute(baseUrl, item.url)].filter(Boolean).join('\n'),
  );
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${texts.allMessagesText(messagesUrl)}`,
    html: [
      ...blocks,
      `<p><a href="${escapeHtml(messagesUrl)}" target="_blank" rel="noopener">${escapeHtml(texts.allMessagesLink)}</a></p>`,
      `<p style="color:#999">${escapeHtml(texts.unsubscribeHint)}</p>`,
    ].join('\n'),
  };
}
