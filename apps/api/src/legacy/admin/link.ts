/** Friend-link admin, `/api/admin/link/...` (docs/legacy-api.md §2.2), plus ordering (ours). */
import type { Router } from 'express';
import {
  createLink,
  detectLink,
  getLinkForAdmin,
  listLinksForAdmin,
  reorderLinks,
  updateLink,
} from '@forum/core';
import { handleAdmin } from './guard';
import { contextOf, formText, idsOf } from '../form';
import { intFilter, statusOf, textFilter } from './forms';
import { adminResourceRoutes } from './resource';
import { legacyLinkRow } from '../presenters/links';

export function adminLinkRoutes(api: Router): void {
  adminResourceRoutes(api, {
    path: 'link',
    draftOf: (req) => ({
      url: formText(req, 'url'),
      title: formText(req, 'title'),
      summary: formText(req, 'summary'),
      logo: formText(req, 'logo'),
      status: statusOf(req),
    }),
    present: legacyLinkRow,
    create: createLink,
    update: updateLink,
    list: (ctx, req, page) =>
      listLinksForAdmin(ctx, {
        status: intFilter(req, 'status'),
        title: textFilter(req, 'title', 128),
        url: textFilter(req, 'url', 1024),
        ...page,
      }),
    get: getLinkForAdmin,
  });
  api.post(
    '/admin/link/sort',
    handleAdmin(async (req, actor) => {
      await reorderLinks(contextOf(req, actor), { ids: idsOf(req, 'ids') });
      return null;
    }),
  );
  // Success with null when the page cannot be read (or is not public: see detectLink).
  api.get(
    '/admin/link/detect',
    handleAdmin((req) => detectLink(formText(req, 'url'))),
  );
}
