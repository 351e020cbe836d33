import { MAIL_SETTINGS_KEY, type MailSettingsInput, type MailSettingsView } from '@forum/contracts';
import { writeConfigRow } from '../config/save-site-config';
import { authorize } from '../policies';
import type { RequestContext } from '../request-context';
import { markMailReady } from './availability';
import { smtpOf, storedMailSettings, viewOf, type StoredMailSettings } from './settings';

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
  // Verification mails may be asked for at once; a cleared server stops being announced.
  if (smtpOf(stored)) await markMailReady();
  return viewOf(stored);
}
