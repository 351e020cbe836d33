/**
 * Watching topics (关注此话题, docs/events-and-jobs.md "Watched topics"; ours, not in bbs-go 2022):
 * `POST /api/topic/watch/{id}`, `POST /api/topic/unwatch/{id}` answering `{watching}`, and
 * `GET /api/topic/watched/{id}` ("do I watch it?", false for a visitor).
 */
import type { Router } from 'express';
import { isWatchingTopic, unwatchTopic, watchTopic } from '@forum/core';
import { resolveRequestUser } from '../context';
import { contextOf, idOf, numericId } from './form';
import { requireUser } from './guards';
import { handle } from './handler';

export function watchRoutes(api: Router): void {
  api.post(
    '/topic/watch/:id',
    numericId,
    handle(async (req) => watchTopic(contextOf(req, await requireUser(req)), idOf(req))),
  );
  api.post(
    '/topic/unwatch/:id',
    numericId,
    handle(async (req) => unwatchTopic(contextOf(req, await requireUser(req)), idOf(req))),
  );
  api.get(
    '/topic/watched/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      return { watching: await isWatchingTopic(user?._id, idOf(req)) };
    }),
  );
}
