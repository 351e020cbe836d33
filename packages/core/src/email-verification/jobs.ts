import { EMAIL_VERIFICATION_TTL_MS, QueueName } from '@forum/contracts';
import { decodeValue } from '../config/codec';
import { SysConfig } from '../config/model';
import { defineEventJob } from '../events/jobs';
import { mailSettings, sendMail } from '../mail/transport';
import { EmailCode } from './model';
import { verificationMail, verificationUrl } from './verification-mail';

/**
 * The site title read from its row: the worker keeps no invalidated config cache, and a mail is
 * rare enough for one small read.
 */
export async function currentSiteTitle(): Promise<string> {
  const row = await SysConfig.findOne({ key: 'siteTitle' }, { value: 1 }).lean();
  return decodeValue('siteTitle', row?.value ?? undefined);
}

export const sendVerificationMailJob = defineEventJob('email.verification-requested', {
  queue: QueueName.Mail,
  name: 'send-verification-mail',
  // Idempotent: `sentAt` is set right after sending, and a sent, used or expired code is skipped.
  async handler(event, { log }) {
    const settings = await mailSettings();
    const { baseUrl } = settings;
    const code = await EmailCode.findById(event.payload.codeId).lean();
    if (!code || code.sentAt || code.used || !code.token) {
      log.info({ codeId: event.payload.codeId }, 'verification code gone, used or already mailed');
      return;
    }
    if (code.createTime + EMAIL_VERIFICATION_TTL_MS < Date.now()) {
      log.warn({ codeId: code._id }, 'verification code expired before its mail was sent');
      return;
    }
    const url = verificationUrl(baseUrl, code.token);
    await sendMail(verificationMail(code.email, await currentSiteTitle(), url), settings);
    await EmailCode.updateOne({ _id: code._id }, { $set: { sentAt: Date.now(), token: '' } });
  },
});
