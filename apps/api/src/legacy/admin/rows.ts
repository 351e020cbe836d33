/**
 * `/api/admin/favorite/...`, `/api/admin/third-account/...` and `/api/admin/article-tag/...`: the raw CRUD of legacy §2.2 over
 * rows the console has no screen for (form fields named like the rows' json keys).
 */
import type { Request, Router } from 'express';
import {
  createArticleTagRow,
  createFavoriteRow,
  createThirdAccountRow,
  getArticleTagRow,
  getFavoriteRow,
  getThirdAccountRow,
  listArticleTagRows,
  listFavoriteRows,
  listThirdAccountRows,
  updateArticleTagRow,
  updateFavoriteRow,
  updateThirdAccountRow,
} from '@forum/core';
import { idOf, numericId } from '../comment';
import { formValue } from '../fans';
import { requestMeta } from '../topic';
import { idFilter, numberedPage, pageOf, textFilter } from './forms';
import { handleAdmin } from './guard';

const favoriteOf = (req: Request) => ({
  userId: idFilter(req, 'userId'),
  entityType: formValue(req, 'entityType')?.trim() ?? '',
  entityId: idFilter(req, 'entityId') ?? 0,
});

const thirdAccountOf = (req: Request) => ({
  userId: idFilter(req, 'userId'),
  avatar: formValue(req, 'avatar'),
  nickname: formValue(req, 'nickname'),
  thirdType: formValue(req, 'thirdType'),
  thirdId: formValue(req, 'thirdId'),
  extraData: formValue(req, 'extraData'),
});

export function adminRowRoutes(api: Router): void {
  api.all(
    '/admin/favorite/list',
    handleAdmin(async (req, admin) => {
      const { page, results } = await listFavoriteRows(admin, {
        ...pageOf(req),
        userId: idFilter(req, 'userId'),
        entityType: textFilter(req, 'entityType'),
        entityId: idFilter(req, 'entityId'),
      });
      return numberedPage(page, results);
    }),
  );
  api.post(
    '/admin/favorite/create',
    handleAdmin((req, admin) => createFavoriteRow(admin, favoriteOf(req), requestMeta(req))),
  );
  api.post(
    '/admin/favorite/update',
    handleAdmin((req, admin) => {
      const { entityType, entityId, userId } = favoriteOf(req);
      return updateFavoriteRow(
        admin,
        idFilter(req, 'id') ?? 0,
        { userId, entityType: entityType || undefined, entityId: entityId || undefined },
        requestMeta(req),
      );
    }),
  );
  api.get(
    '/admin/favorite/:id',
    numericId,
    handleAdmin((req, admin) => getFavoriteRow(admin, idOf(req))),
  );

  api.all(
    '/admin/third-account/list',
    handleAdmin(async (req, admin) => {
      const { page, results } = await listThirdAccountRows(admin, {
        ...pageOf(req),
        userId: idFilter(req, 'userId'),
        thirdType: textFilter(req, 'thirdType'),
        thirdId: textFilter(req, 'thirdId'),
      });
      return numberedPage(page, results);
    }),
  );
  api.post(
    '/admin/third-account/create',
    handleAdmin((req, admin) => createThirdAccountRow(admin, thirdAccountOf(req), requestMeta(req))),
  );
  api.post(
    '/admin/third-account/update',
    handleAdmin((req, admin) =>
      updateThirdAccountRow(admin, idFilter(req, 'id') ?? 0, thirdAccountOf(req), requestMeta(req)),
    ),
  );
  api.get(
    '/admin/third-account/:id',
    numericId,
    handleAdmin((req, admin) => getThirdAccountRow(admin, idOf(req))),
  );
}

export function adminArticleTagRoutes(api: Router): void {
  api.all(
    '/admin/article-tag/list',
    handleAdmin(async (req, admin) => {
      const { page, results } = await listArticleTagRows(admin, {
        ...pageOf(req),
        articleId: idFilter(req, 'articleId'),
        tagId: idFilter(req, 'tagId'),
      });
      return numberedPage(page, results);
    }),
  );
  api.post(
    '/admin/article-tag/create',
    handleAdmin((req, admin) =>
      createArticleTagRow(
        admin,
        { articleId: idFilter(req, 'articleId') ?? 0, tagId: idFilter(req, 'tagId') ?? 0 },
        requestMeta(req),
      ),
    ),
  );
  api.post(
    '/admin/article-tag/update',
    handleAdmin((req, admin) =>
      updateArticleTagRow(
        admin,
        idFilter(req, 'id') ?? 0,
        { tagId: idFilter(req, 'tagId') ?? 0 },
        requestMeta(req),
      ),
    ),
  );
  api.get(
    '/admin/article-tag/:id',
    numericId,
    handleAdmin((req, admin) => getArticleTagRow(admin, idOf(req))),
  );
}
