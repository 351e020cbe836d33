/**
 * The SMTP server the owner sets in 系统设置, stored as the `mailSettings` row of `sys_config`
 * (never part of the public configuration). The password is write-only: what the console reads
 * says only whether one is saved. The worker reads the row for every mail (mails are rare), so a
 * save reaches every worker without a cache to invalidate.
 */
import { randomUUID } from 'node:crypto';
import {
  DefaultMailSettings,
  MAIL_SETTINGS_KEY,
  MailSettingsInputSchema,
  MailSettingsMessages,
  MailSettingsViewSchema,
  QueueName,
  TestMailInputSchema,
  type MailSettingsView,
} from '@forum/contracts';
import { z } from 'zod';
import type { AuditMeta } from '../audit/admin-action';
import { SysConfig } from '../config/model';
import { writeConfigRow } from '../config/site-config';
import { AppError } from '../errors';
import { addJobAndWait } from '../events/bus';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import type { SmtpSettings } from './transport';

const StoredMailSettingsSchema = MailSettingsViewSchema.omit({ passwordSet: true }).extend({
  password: z.string().default(''),
});
export type StoredMailSettings = z.infer<typeof StoredMailSettingsSchema>;

/** How long the console waits for the worker to send a test mail. */
const TEST_MAIL_TIMEOUT_MS = 20_000;

/** The saved settings; the defaults (blank host: the environment applies) when none or unreadable. */
export async function storedMailSettings(): Promise<StoredMailSettings> {
  const row = await SysConfig.findOne({ key: MAIL_SETTINGS_KEY }, { value: 1 }).lean();
  let value: unknown;
  try {
    value = JSON.parse(row?.value ?? '');
  } catch {
    value = undefined;
  }
  const parsed = StoredMailSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...DefaultMailSettings, password: '' };
}

/** The SMTP server saved settings name, or undefined when their host is blank. */
export function smtpOf(stored: StoredMailSettings): SmtpSettings | undefined {
  if (!stored.host) return undefined;
  return {
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    ...(stored.user ? { user: stored.user, password: stored.password } : {}),
    from: stored.from,
  };
}

function viewOf({ password, ...settings }: StoredMailSettings): MailSettingsView {
  return { ...settings, passwordSet: !!password };
}

export async function getMailSettings(actor: UserDoc | null | undefined): Promise<MailSettingsView> {
  authorize(actor, 'administer');
  return viewOf(await storedMailSettings());
}

/** Saves the owner's settings; a blank password keeps the saved one, a blank user drops it. */
export async function saveMailSettings(
  actor: UserDoc | null | undefined,
  input: unknown,
  meta: AuditMeta = {},
): Promise<MailSettingsView> {
  const owner = authorize(actor, 'administer');
  const parsed = MailSettingsInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message);
  const { password, ...settings } = parsed.data;
  const current = await storedMailSettings();
  const stored: StoredMailSettings = {
    ...settings,
    password: settings.user ? password || current.password : '',
  };
  await writeConfigRow(MAIL_SETTINGS_KEY, JSON.stringify(stored), owner._id, meta);
  return viewOf(stored);
}

/**
 * Has the worker send a test mail to `to` through the mail queue, as every mail goes, and waits for
 * it: the owner learns whether the settings in force (saved, else the environment's) work.
 */
export async function sendTestMail(actor: UserDoc | null | undefined, input: unknown): Promise<void> {
  authorize(actor, 'administer');
  const parsed = TestMailInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('INVALID_INPUT', MailSettingsMessages.testRecipientInvalid);
  const outcome = await addJobAndWait(
    QueueName.Mail,
    'send-test-mail',
    { to: parsed.data.to },
    { jobId: `test-mail-${randomUUID()}`, timeoutMs: TEST_MAIL_TIMEOUT_MS },
  );
  if (outcome.state === 'timeout') throw new AppError('INVALID_INPUT', MailSettingsMessages.testTimeout);
  if (outcome.state === 'failed') {
    throw new AppError('INVALID_INPUT', `${MailSettingsMessages.testFailed}：${outcome.reason}`);
  }
}
