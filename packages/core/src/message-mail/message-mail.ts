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
  const subject =
    items.length === 1 ? `${siteTitle} - ${items[0]!.title}` : `${siteTitle} - 你有 ${items.length} 条新消息`;
  const messagesUrl = `${baseUrl}/user/messages`;
  const blocks = items.map((item) => {
    const url = absolute(baseUrl, item.url);
    return [
      `<h3>${escapeHtml(item.title)}</h3>`,
      item.content ? `<p>${escapeHtml(item.content)}</p>` : '',
      `<p><a href="${escapeHtml(url)}" target="_blank" rel="noopener">点击查看详情</a></p>`,
    ].join('\n');
  });
  const lines = items.map((item) =>
    [item.title, item.content, absolute(baseUrl, item.url)].filter(Boolean).join('\n'),
  );
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n全部消息：${messagesUrl}`,
    html: [
      ...blocks,
      `<p><a href="${escapeHtml(messagesUrl)}" target="_blank" rel="noopener">查看全部消息</a></p>`,
      `<p style="color:#999">不想再收到这类邮件？可在个人资料中关闭邮件通知。</p>`,
    ].join('\n'),
  };
}
