import type { OutgoingMail } from '../mail/transport';
import { escapeHtml } from '../markdown/text';

/** The verification link inside a mail: the web page that posts the token to `verify_email`. */
export function verificationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/user/email/verify?token=${encodeURIComponent(token)}`;
}

/** The verification mail of legacy-api.md §4.11, as plain text and HTML. */
export function verificationMail(to: string, siteTitle: string, url: string): OutgoingMail {
  const intro = `该邮件用于验证你在 ${siteTitle} 中设置邮箱的正确性，请在24小时内完成验证。`;
  return {
    to,
    subject: `邮箱验证 - ${siteTitle}`,
    text: `${intro}验证链接：${url}`,
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(url)}" target="_blank" rel="noopener">点击这里验证邮箱&gt;&gt;</a></p>`,
      `<p>如果无法点击，请复制以下链接到浏览器中打开：<br>${escapeHtml(url)}</p>`,
    ].join('\n'),
  };
}
