import { QueueName, Texts } from '@forum/contracts';
import { z } from 'zod';
import { currentSiteTitle } from '../email-verification/jobs';
import { defineJob } from '../events/jobs';
import { escapeHtml } from '../markdown/text';
import { mailSettings, sendMail } from './transport';

/** The owner's test mail from 系统设置 (see `sendTestMail`). */
export const sendTestMailJob = defineJob({
  queue: QueueName.Mail,
  name: 'send-test-mail',
  schema: z.object({ to: z.string().min(3).max(255) }),
  // Run once (the console adds it with one attempt); a repeat would only repeat the test.
  async handler({ to }) {
    const settings = await mailSettings();
    const siteTitle = await currentSiteTitle();
    const text = Texts.mail.test.body(siteTitle, settings.smtp.host, settings.smtp.port);
    await sendMail(
      { to, subject: Texts.mail.test.subject(siteTitle), text, html: `<p>${escapeHtml(text)}</p>` },
      settings,
    );
  },
});
