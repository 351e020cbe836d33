/** Friend links: `/api/link/...` (docs/legacy-api.md §1.12); their admin is in `admin/link.ts`. */
import type { Router } from 'express';
import { getLink, listLinks, listTopLinks } from '@forum/core';
import { formInt, idOf, numericId } from './form';
import { handlePublic } from './handler';
import { legacyLink } from './presenters/links';

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
    handlePublic(async (req) => legacyLink(await getLink(idOf(req)))),
  );
}
