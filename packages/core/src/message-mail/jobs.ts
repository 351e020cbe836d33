import { QueueName } from '@forum/contracts';
import { z } from 'zod';
import { currentSiteTitle } from '../email-verification/jobs';
import { defineJob } from '../events/jobs';
import { kv } from '../kv';
import { mailSettings, sendMail } from '../mail/transport';
import { readUser } from '../read-model/users';
import { messageNoticeMail } from './message-mail';
import {
  MessageMailItemSchema,
  SEND_MESSAGE_MAIL_JOB,
  pendingNoticesKey,
  scheduleNoticeJob,
  wantsMessageMail,
  type MessageMailItem,
} from './queue-message-mail';

export const sendMessageMailJob = defineJob({
  queue: QueueName.Mail,
  name: SEND_MESSAGE_MAIL_JOB,
  schema: z.object({ userId: z.number().int().positive() }),
  // Idempotent enough: the notices leave the list only after their mail is sent, so a retry sends
  // what is left (a crash between sending and trimming sends those notices once more).
  async handler({ userId }, { log }) {
    const settings = await mailSettings();
    const { baseUrl } = settings;
    const key = pendingNoticesKey(userId);
    const raw = await kv().lrange(key, 0, -1);
    if (raw.length === 0) return;
    const user = await readUser(userId);
    if (!user || !wantsMessageMail(user)) {
      // Turned off, unverified or gone since: what waited is dropped, not sent later.
      await kv().ltrim(key, raw.length, -1);
      return;
    }
    const items = raw.flatMap((text): MessageMailItem[] => {
      const parsed = MessageMailItemSchema.safeParse(JSON.parse(text));
      return parsed.success ? [parsed.data] : [];
    });
    if (items.length > 0) {
      await sendMail(messageNoticeMail(user.email, await currentSiteTitle(), baseUrl, items), settings);
    }
    await kv().ltrim(key, raw.length, -1);
    log.info({ userId, notices: items.length }, 'sent a notice mail');
    // Notices that arrived while this job ran go out with the next interval.
    if ((await kv().llen(key)) > 0) await scheduleNoticeJob(userId);
  },
});
