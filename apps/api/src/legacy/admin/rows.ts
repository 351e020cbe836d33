/**
 * `/api/admin/favorite/...`, `/api/admin/third-account/...` and `/api/admin/article-tag/...`: the
 * raw CRUD of docs/legacy-api.md §2.2 over rows the console has no screen for (form fields named like the
 * rows' json keys). Core answers its own rows; the presenters map them to the wire shape.
 */
import type { Router } from 'express';
import {
  createArticleTagRow,
  createFavoriteRow,
  createThirdAccountRow,
  getArticleTagRowForAdmin,
  getFavoriteRowForAdmin,
  getThirdAccountRowForAdmin,
  listArticleTagRowsForAdmin,
  listFavoriteRowsForAdmin,
  listThirdAccountRowsForAdmin,
  updateArticleTagRow,
  updateFavoriteRow,
  updateThirdAccountRow,
} from '@forum/core';
import { formValue } from '../form';
import { idFilter, textFilter } from './forms';
import { adminResourceRoutes } from './resource';
import { legacyFavoriteRow } from '../presenters/favorites';
import { legacyThirdAccountRow } from '../presenters/oauth';

const asIs = <Row>(row: Row) => row;

export function adminRowRoutes(api: Router): void {
  adminResourceRoutes(api, {
    path: 'favorite',
    // An update names only what changes; a create needs all three.
    draftOf: (req) => ({
      userId: idFilter(req, 'userId'),
      entityType: formValue(req, 'entityType')?.trim() || undefined,
      entityId: idFilter(req, 'entityId'),
    }),
    present: legacyFavoriteRow,
    create: (ctx, draft) =>
      createFavoriteRow(ctx, { ...draft, entityType: draft.entityType ?? '', entityId: draft.entityId ?? 0 }),
    update: (ctx, { id, ...draft }) => updateFavoriteRow(ctx, id, draft),
    list: (ctx, req, page) =>
      listFavoriteRowsForAdmin(ctx, {
        ...page,
        userId: idFilter(req, 'userId'),
        entityType: textFilter(req, 'entityType'),
        entityId: idFilter(req, 'entityId'),
      }),
    get: getFavoriteRowForAdmin,
  });

  adminResourceRoutes(api, {
    path: 'third-account',
    draftOf: (req) => ({
      userId: idFilter(req, 'userId'),
      avatar: formValue(req, 'avatar'),
      nickname: formValue(req, 'nickname'),
      thirdType: formValue(req, 'thirdType'),
      thirdId: formValue(req, 'thirdId'),
      extraData: formValue(req, 'extraData'),
    }),
    present: legacyThirdAccountRow,
    create: createThirdAccountRow,
    update: (ctx, { id, ...draft }) => updateThirdAccountRow(ctx, id, draft),
    list: (ctx, req, page) =>
      listThirdAccountRowsForAdmin(ctx, {
        ...page,
        userId: idFilter(req, 'userId'),
        thirdType: textFilter(req, 'thirdType'),
        thirdId: textFilter(req, 'thirdId'),
      }),
    get: getThirdAccountRowForAdmin,
  });

  adminResourceRoutes(api, {
    path: 'article-tag',
    draftOf: (req) => ({ articleId: idFilter(req, 'articleId') ?? 0, tagId: idFilter(req, 'tagId') ?? 0 }),
    present: asIs,
    create: createArticleTagRow,
    update: (ctx, { id, ...draft }) => updateArticleTagRow(ctx, id, draft),
    list: (ctx, req, page) =>
      listArticleTagRowsForAdmin(ctx, {
        ...page,
        articleId: idFilter(req, 'articleId'),
        tagId: idFilter(req, 'tagId'),
      }),
    get: getArticleTagRowForAdmin,
  });
}
