/** Legacy current user, public profile and account settings (docs/legacy-api.md §1.5). */
import type { Router } from 'express';
import {
  getUserProfile,
  setEmail,
  setPassword,
  setUsername,
  updatePassword,
  type RequestContext,
} from '@forum/core';
import { resolveRequestUser } from '../context';
import { contextOf, paramMatches } from './form';
import { requireUser } from './guards';
import { handle, handlePublic } from './handler';
import { legacyUserDetail, legacyUserProfile } from './presenters/users';

type Fields = Record<string, string>;

/** String fields of a parsed query or form; anything else (repeated keys, objects) is left out. */
export function stringFields(source: unknown): Fields {
  const fields: Fields = {};
  if (!source || typeof source !== 'object') return fields;
  for (const [key, value] of Object.entries(source)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

const USER_ID = /^[1-9]\d{0,15}$/;

export function userRoutes(api: Router): void {
  api.get(
    '/user/current',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      return user ? legacyUserProfile(user) : null;
    }),
  );

  // The public page: UserDetail only, never the e-mail or roles that bbs-go leaked (docs/legacy-api.md Appendix A #2).
  // A non-numeric segment is another route (/user/favorites…), as bbs-go's int64 macro did.
  api.get(
    '/user/:id',
    paramMatches('id', USER_ID),
    handlePublic(async (req) => legacyUserDetail(await getUserProfile(Number(req.params.id)))),
  );

  // The e-mail and password changes sign out every session but this request's. The form is
  // bbs-go's (every field a string); each use case checks it against its contract schema.
  type Change = (ctx: RequestContext, form: Fields, keepToken: string | null) => Promise<void>;
  const settings: [string, Change][] = [
    ['/user/set/username', (ctx, form) => setUsername(ctx, form)],
    ['/user/set/email', (ctx, form, keepToken) => setEmail(ctx, form, keepToken)],
    ['/user/set/password', (ctx, form) => setPassword(ctx, form)],
    ['/user/update/password', (ctx, form, keepToken) => updatePassword(ctx, form, keepToken)],
  ];
  for (const [path, change] of settings) {
    api.post(
      path,
      handle(async (req) => {
        const user = await requireUser(req);
        const { token } = await resolveRequestUser(req);
        const ctx = contextOf(req, user);
        await change(ctx, { ...stringFields(req.query), ...stringFields(req.body) }, token);
        return null;
      }),
    );
  }
}
