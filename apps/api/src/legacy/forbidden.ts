/** Muting ("forbidden"), `POST /api/user/forbidden` (legacy-api.md §1.5, §4.10). */
import type { Request, Router } from 'express';
import { MuteInputSchema } from '@forum/contracts';
import { AppError, authorize, muteUser, type UserDoc } from '@forum/core';
import { auditMeta, formInt, formText, formValue } from './form';
import { requireUser } from './guards';
import { handle } from './handler';

/**
 * bbs-go reads a missing or unparsable `days` as 0, which would silently lift a mute; we only do
 * that for an explicit 0 and answer anything else that is not an integer with a clear message.
 */
function daysOf(req: Request): number | undefined {
  const raw = formValue(req, 'days')?.trim();
  if (raw === undefined || raw === '') return undefined;
  return /^[+-]?\d+$/.test(raw) ? Number(raw) : Number.NaN;
}

/** Mutes (or lifts) from the form fields `userId`, `days`, `reason`: the public and the admin endpoint. */
export async function muteFromForm(req: Request, actor: UserDoc): Promise<null> {
  const parsed = MuteInputSchema.safeParse({
    userId: formInt(req, 'userId'),
    days: daysOf(req),
    reason: formText(req, 'reason'),
  });
  if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message);
  await muteUser(actor, parsed.data, auditMeta(req));
  return null;
}

export function forbiddenRoutes(api: Router): void {
  api.post(
    '/user/forbidden',
    handle(async (req) => {
      // "mod" level: the role check comes before any input check (a plain message, code 0).
      const actor = authorize(await requireUser(req), 'moderate');
      return muteFromForm(req, actor);
    }),
  );
}
