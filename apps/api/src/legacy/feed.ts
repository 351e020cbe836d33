/** The follow feed, `/api/feed/...` (docs/legacy-api.md §1.11). */
import type { Router } from 'express';
import { likedIn, listFeedTopics } from '@forum/core';
import { formInt } from './form';
import { requireUser } from './guards';
import { handle } from './handler';
import { legacyTopicPage } from './presenters/topics';

export function feedRoutes(api: Router): void {
  api.get(
    '/feed/topics',
    handle(async (req) => {
      const user = await requireUser(req);
      const page = await listFeedTopics(user._id, formInt(req, 'cursor'));
      const liked = await likedIn(
        user._id,
        'topic',
        page.topics.map((topic) => topic._id),
      );
      return legacyTopicPage(page, liked);
    }),
  );
}
