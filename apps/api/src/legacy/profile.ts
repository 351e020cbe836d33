/** Profile edits under `/api/user` (legacy-api.md §1.5): edit, avatar, background image. */
import type { NextFunction, Request, Response, Router } from 'express';
import { AppError, setAvatar, setBackgroundImage, setEmailNotify, updateProfile } from '@forum/core';
import { requireUser } from './auth';
import { handle } from './handler';

/** A form field as bbs-go's FormValue reads it: the body first, then the query string; '' if absent. */
function field(req: Request, name: string): string {
  const fromBody = (req.body as Record<string, unknown> | undefined)?.[name];
  if (typeof fromBody === 'string') return fromBody;
  const fromQuery = req.query?.[name];
  return typeof fromQuery === 'string' ? fromQuery : '';
}

/** bbs-go's `{id}` only matches an integer; anything else is an unmatched route (404). */
function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d{1,15}$/.test(String(req.params.id)) ? undefined : 'route');
}

export function profileRoutes(api: Router): void {
  api.post(
    '/user/edit/:id',
    numericId,
    handle(async (req) => {
      const user = await requireUser(req);
      await updateProfile(user, Number(req.params.id), {
        nickname: field(req, 'nickname'),
        homePage: field(req, 'homePage'),
        description: field(req, 'description'),
      });
      return null;
    }),
  );
  api.post(
    '/user/update/avatar',
    handle(async (req) => {
      await setAvatar(await requireUser(req), field(req, 'avatar'));
      return null;
    }),
  );
  api.post(
    '/user/set/background/image',
    handle(async (req) => {
      await setBackgroundImage(await requireUser(req), field(req, 'backgroundImage'));
      return null;
    }),
  );
  // Not in bbs-go 2022: turns e-mail notices of messages (§4.18) on or off.
  api.post(
    '/user/set/email_notify',
    handle(async (req) => {
      const user = await requireUser(req);
      const value = field(req, 'emailNotify').trim().toLowerCase();
      if (!['true', '1', 'false', '0'].includes(value)) {
        throw new AppError('INVALID_INPUT', '参数错误：emailNotify 应为 true 或 false');
      }
      await setEmailNotify(user, value === 'true' || value === '1');
      return null;
    }),
  );
}
