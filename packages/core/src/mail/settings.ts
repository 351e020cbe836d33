/**
 * The SMTP server the owner sets in 系统设置, stored as the `mailSettings` row of `sys_config`
 * (never part of the public configuration). The password is write-only: what the console reads
 * says only whether one is saved. The worker reads the row for every mail (mails are rare), so a
 * save reaches every worker without a cache to invalidate.
 */
import {
  DefaultMailSettings,
  MAIL_SETTINGS_KEY,
  MailSettingsViewSchema,
  type MailSettingsView,
} from '@forum/contracts';
import { z } from 'zod';
import { SysConfig } from '../config/model';
import type { RequestContext } from '../request-context';
import { authorize } from '../policies';

const StoredMailSettingsSchema = MailSettingsViewSchema.omit({ passwordSet: true }).extend({
  password: z.string().default(''),
});
export type StoredMailSettings = z.infer<typeof StoredMailSettingsSchema>;

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

/** How to reach an SMTP server. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** true: TLS from the first byte (port 465); false: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  user?: string;
  password?: string;
  /** The From address. */
  from: string;
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

/** What the console reads of saved settings: the password only as whether one is saved. */
export function viewOf({ password, ...settings }: StoredMailSettings): MailSettingsView {
  return { ...settings, passwordSet: !!password };
}

export async function getMailSettingsForAdmin(ctx: RequestContext): Promise<MailSettingsView> {
  authorize(ctx.actor, 'getMailSettingsForAdmin');
  return viewOf(await storedMailSettings());
}
