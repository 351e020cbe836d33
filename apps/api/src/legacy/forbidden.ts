/** Muting ("forbidden"), `POST /api/user/forbidden` (docs/legacy-api.md §1.5, §4.10). */
import type { Request, Router } from 'express';
import { MuteInputSchema } from '@forum/contracts';
import { authorize, muteUser, type UserDoc } from '@forum/core';
import { contextOf, formInt, formText, formValue, parseForm } from './form';
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
  const input = parseForm(MuteInputSchema, {
    userId: formInt(req, 'userId'),
    days: daysOf(req),
    reason: formText(req, 'reason'),
  });
  await muteUser(contextOf(req, actor), input);
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
