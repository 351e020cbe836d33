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
  MailSettingsMessages,
  MailSettingsViewSchema,
  QueueName,
  type MailSettingsInput,
  type MailSettingsView,
  type TestMailInput,
} from '@forum/contracts';
import { z } from 'zod';
import { SysConfig } from '../config/model';
import { writeConfigRow } from '../config/save-site-config';
import { AppError } from '../errors';
import { addJobAndWait } from '../events/bus';
import type { UserDoc } from '../users/model';
import type { RequestContext } from '../request-context';
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
  ctx: RequestContext,
  input: MailSettingsInput,
): Promise<MailSettingsView> {
  authorize(ctx.actor, 'administer');
  const { password, ...settings } = input;
  const current = await storedMailSettings();
  const stored: StoredMailSettings = {
    ...settings,
    password: settings.user ? password || current.password : '',
  };
  await writeConfigRow(ctx, { key: MAIL_SETTINGS_KEY, value: JSON.stringify(stored) });
  return viewOf(stored);
}

/**
 * Has the worker send a test mail to `to` through the mail queue, as every mail goes, and waits for
 * it: the owner learns whether the settings in force (saved, else the environment's) work.
 */
export async function sendTestMail(ctx: RequestContext, input: TestMailInput): Promise<void> {
  authorize(ctx.actor, 'administer');
  const outcome = await addJobAndWait(
    QueueName.Mail,
    'send-test-mail',
    { to: input.to },
    { jobId: `test-mail-${randomUUID()}`, timeoutMs: TEST_MAIL_TIMEOUT_MS },
  );
  if (outcome.state === 'timeout') throw new AppError('INVALID_INPUT', MailSettingsMessages.testTimeout);
  if (outcome.state === 'failed') {
    throw new AppError('INVALID_INPUT', `${MailSettingsMessages.testFailed}：${outcome.reason}`);
  }
}
