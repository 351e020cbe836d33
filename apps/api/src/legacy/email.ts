/** E-mail verification (docs/legacy-api.md §1.5): ask for a verification mail, then use its link. */
import type { Router } from 'express';
import { requestEmailVerification, verifyEmail } from '@forum/core';
import { requireUser } from './guards';
import { handle } from './handler';

export function emailRoutes(api: Router): void {
  api.post(
    '/user/send_verify_email',
    handle(async (req) => {
      const user = await requireUser(req);
      await requestEmailVerification(user._id);
      return null;
    }),
  );
  api.post(
    '/user/verify_email',
    handle(async (req) => {
      // bbs-go's FormValue: the query string or the form body.
      const body = req.body as Record<string, unknown> | undefined;
      return verifyEmail(body?.token ?? req.query.token);
    }),
  );
}
