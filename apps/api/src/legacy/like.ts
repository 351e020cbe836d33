/**
 * Likes (docs/legacy-api.md §1.2, §1.7, §1.8): liking topics, the recent likers of a topic, "did I like
 * it?", and the later clients' `POST /api/like/unlike` (docs/legacy-api.md §6).
 */
import type { Router } from 'express';
import { isLiked, likedAmong, likeEntity, recentLikers, unlikeEntity } from '@forum/core';
import { resolveRequestUser } from '../context';
import { contextOf, formInt, formText, idOf, idsOf, numericId } from './form';
import { handle } from './handler';
import { legacyLikers } from './presenters/likes';

export function likeRoutes(api: Router): void {
  api.post(
    '/topic/like/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await likeEntity(contextOf(req, user), 'topic', idOf(req));
      return null;
    }),
  );
  api.get(
    '/topic/recentlikes/:id',
    numericId,
    handle(async (req) => legacyLikers(await recentLikers('topic', idOf(req)))),
  );
  api.get(
    '/like/liked',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      return {
        liked: await isLiked(user?._id, formText(req, 'entityType'), formInt(req, 'entityId')),
      };
    }),
  );
  api.get(
    '/like/is/liked',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const ids = idsOf(req, 'entityIds');
      const liked = await likedAmong(user?._id, formText(req, 'entityType'), ids);
      // In the order asked, as bbs-go filtered the request list.
      const result = [...new Set(ids)].filter((id) => liked.has(id));
      return { liked: result.length ? result : null };
    }),
  );
  api.post(
    '/like/unlike',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await unlikeEntity(contextOf(req, user), formText(req, 'entityType'), formInt(req, 'entityId'));
      return null;
    }),
  );
}
