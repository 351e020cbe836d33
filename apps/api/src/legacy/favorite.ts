/**
 * Favourites (docs/legacy-api.md §1.2, §1.3, §1.5, §1.8): adding a topic (a GET, as bbs-go) or an
 * article, removing, "is it favourited?", and the user's favourites page; and the late-2022 way,
 * `POST /api/favorite/add|delete` with `entityType` and `entityId`.
 */
import type { Router } from 'express';
import { addFavorite, isFavorited, listFavorites, removeFavorite } from '@forum/core';
import { resolveRequestUser } from '../context';
import { sameSiteGet } from '../http/csrf';
import { contextOf, formInt, formText, idOf, numericId } from './form';
import { requireUser } from './guards';
import { handle } from './handler';
import { legacyFavoritePage } from './presenters/favorites';

export function favoriteRoutes(api: Router): void {
  // bbs-go's GET (guarded: a cross-site link must not add a favourite), and a POST beside it.
  const favoriteTopic = handle(async (req) => {
    const { user } = await resolveRequestUser(req);
    await addFavorite(contextOf(req, user), 'topic', idOf(req));
    return null;
  });
  api.get('/topic/favorite/:id', sameSiteGet, numericId, favoriteTopic);
  api.post('/topic/favorite/:id', numericId, favoriteTopic);
  api.post(
    '/article/favorite/:id',
    numericId,
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      await addFavorite(contextOf(req, user), 'article', idOf(req));
      return null;
    }),
  );
  api.get(
    '/favorite/favorited',
    handle(async (req) => {
      const { user } = await resolveRequestUser(req);
      const favorited = await isFavorited(user?._id, formText(req, 'entityType'), formInt(req, 'entityId'));
      return { favorited };
    }),
  );
  api.post(
    '/favorite/add',
    handle(async (req) => {
      const user = await requireUser(req);
      await addFavorite(contextOf(req, user), formText(req, 'entityType'), formInt(req, 'entityId'));
      return null;
    }),
  );
  const deleteFavorite = handle(async (req) => {
    const user = await requireUser(req);
    await removeFavorite(contextOf(req, user), formText(req, 'entityType'), formInt(req, 'entityId'));
    return null;
  });
  api.post('/favorite/delete', deleteFavorite);
  api.get('/favorite/delete', sameSiteGet, deleteFavorite);
  api.get(
    '/user/favorites',
    handle(async (req) => {
      const user = await requireUser(req);
      return legacyFavoritePage(await listFavorites(user._id, formInt(req, 'cursor')));
    }),
  );
}
