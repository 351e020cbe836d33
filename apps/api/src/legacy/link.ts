/** Friend links: `/api/link/...` (legacy-api.md §1.12) and `/api/admin/link/...` (§2.2). */
import type { NextFunction, Request, Response, Router } from 'express';
import type { LinkDraftInput } from '@forum/contracts';
import {
  createLink,
  getLink,
  getLinkForAdmin,
  legacyLink,
  legacyLinkRow,
  listLinks,
  listLinksForAdmin,
  listTopLinks,
  updateLink,
} from '@forum/core';
import { requireAdmin } from './auth';
import { formInt, formValue } from './fans';
import { handle, handlePublic } from './handler';

function numericId(req: Request, _res: Response, next: NextFunction): void {
  next(/^\d{1,15}$/.test(String(req.params.id)) ? undefined : 'route');
}

function draftOf(req: Request): LinkDraftInput {
  const text = (name: string) => formValue(req, name) ?? '';
  return {
    url: text('url'),
    title: text('title'),
    summary: text('summary'),
    logo: text('logo'),
    status: formInt(req, 'status') === 1 ? 1 : 0,
  };
}

export function linkRoutes(api: Router): void {
  api.get(
    '/link/links',
    handlePublic(async (req) => {
      const { page, results } = await listLinks(formInt(req, 'page', 1));
      return { page, results: results.length ? results.map(legacyLink) : null };
    }),
  );
  api.get(
    '/link/toplinks',
    handlePublic(async () => {
      const links = await listTopLinks();
      return links.length ? links.map(legacyLink) : null;
    }),
  );
  api.get(
    '/link/:id',
    numericId,
    handlePublic(async (req) => legacyLink(await getLink(Number(req.params.id)))),
  );
}

export function adminLinkRoutes(api: Router): void {
  api.all(
    '/admin/link/list',
    handle(async (req) => {
      const user = await requireAdmin(req);
      const status = formValue(req, 'status');
      const { page, results } = await listLinksForAdmin(user, {
        status: status !== undefined && /^\d+$/.test(status) ? Number(status) : undefined,
        title: (formValue(req, 'title') ?? '').trim().slice(0, 128) || undefined,
        url: (formValue(req, 'url') ?? '').trim().slice(0, 1024) || undefined,
        page: formInt(req, 'page', 1),
        limit: formInt(req, 'limit', 20),
      });
      return { page, results: results.length ? results.map(legacyLinkRow) : null };
    }),
  );
  api.post(
    '/admin/link/create',
    handle(async (req) => legacyLinkRow(await createLink(await requireAdmin(req), draftOf(req)))),
  );
  api.post(
    '/admin/link/update',
    handle(async (req) =>
      legacyLinkRow(await updateLink(await requireAdmin(req), formInt(req, 'id'), draftOf(req))),
    ),
  );
  api.get(
    '/admin/link/:id',
    numericId,
    handle(async (req) =>
      legacyLinkRow(await getLinkForAdmin(await requireAdmin(req), Number(req.params.id))),
    ),
  );
}
