/** Messages, `/api/user/msgrecent|messages` (docs/legacy-api.md §1.5), and marking them read without listing. */
import type { Router } from 'express';
import { listMessages, markMessagesRead, recentMessages } from '@forum/core';
import { resolveRequestUser } from '../context';
import { sameSiteGet } from '../http/csrf';
import { contextOf, formInt } from './form';
import { requireUser } from './guards';
import { handle } from './handler';

export function messageRoutes(api: Router): void {
  api.get(
    '/user/msgrecent',
    handle(async (req) => recentMessages((await resolveRequestUser(req)).user)),
  );
  // Lists a page, then marks every message read, as bbs-go did.
  api.get(
    '/user/messages',
    sameSiteGet,
    handle(async (req) => {
      const { page, results } = await listMessages(await requireUser(req), formInt(req, 'page', 1), {
        markRead: true,
      });
      return { page, results: results.length ? results : null };
    }),
  );
  // Ours: marks read up to `upTo` (a message id; all when absent) and answers the unread count left.
  api.post(
    '/user/messages/read',
    handle(async (req) => {
      const upTo = formInt(req, 'upTo', 0);
      return {
        count: await markMessagesRead(contextOf(req, await requireUser(req)), upTo > 0 ? upTo : undefined),
      };
    }),
  );
}
