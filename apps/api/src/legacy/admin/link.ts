/** Friend-link admin, `/api/admin/link/...` (legacy-api.md §2.2), plus ordering (ours). */
import type { Request, Router } from 'express';
import type { LinkDraftInput } from '@forum/contracts';
import {
  createLink,
  detectLink,
  getLinkForAdmin,
  legacyLinkRow,
  listLinksForAdmin,
  reorderLinks,
  updateLink,
} from '@forum/core';
import { admitAdmin } from './guard';
import { formInt } from '../fans';
import { handle } from '../handler';
import {
  auditMeta,
  filterInt,
  filterText,
  idParam,
  idsOf,
  numberedPage,
  numericId,
  paging,
  statusOf,
  text,
} from './params';

function draftOf(req: Request): LinkDraftInput {
  return {
    url: text(req, 'url'),
    title: text(req, 'title'),
    summary: text(req, 'summary'),
    logo: text(req, 'logo'),
    status: statusOf(req),
  };
}

export function adminLinkRoutes(api: Router): void {
  api.all(
    '/admin/link/list',
    handle(async (req) => {
      const user = await admitAdmin(req);
      const result = await listLinksForAdmin(user, {
        status: filterInt(req, 'status'),
        title: filterText(req, 'title', 128),
        url: filterText(req, 'url', 1024),
        ...paging(req),
      });
      return numberedPage(result, legacyLinkRow);
    }),
  );
  api.post(
    '/admin/link/create',
    handle(async (req) =>
      legacyLinkRow(await createLink(await admitAdmin(req), draftOf(req), auditMeta(req))),
    ),
  );
  api.post(
    '/admin/link/update',
    handle(async (req) =>
      legacyLinkRow(
        await updateLink(await admitAdmin(req), formInt(req, 'id'), draftOf(req), auditMeta(req)),
      ),
    ),
  );
  api.post(
    '/admin/link/sort',
    handle(async (req) => {
      await reorderLinks(await admitAdmin(req), idsOf(req, 'ids'), auditMeta(req));
      return null;
    }),
  );
  // Success with null when the page cannot be read (or is not public: see detectLink).
  api.get(
    '/admin/link/detect',
    handle(async (req) => {
      await admitAdmin(req);
      return detectLink(text(req, 'url'));
    }),
  );
  api.get(
    '/admin/link/:id',
    numericId,
    handle(async (req) => legacyLinkRow(await getLinkForAdmin(await admitAdmin(req), idParam(req)))),
  );
}
