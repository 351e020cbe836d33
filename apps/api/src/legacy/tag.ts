/** Tags, `/api/tag/...` (docs/legacy-api.md §1.6). */
import type { Router } from 'express';
import { autocompleteTags, getTag, listTags } from '@forum/core';
import { formInt, formText, idOf, numericId } from './form';
import { handle, handlePublic } from './handler';
import { legacyTag, legacyTagRow } from './presenters/tags';

export function tagRoutes(api: Router): void {
  api.get(
    '/tag/tags',
    handlePublic(async (req) => {
      const { page, results } = await listTags(formInt(req, 'page', 1));
      return { page, results: results.length ? results.map(legacyTag) : null };
    }),
  );
  api.post(
    '/tag/autocomplete',
    handle(async (req) => {
      const tags = await autocompleteTags(formText(req, 'input').slice(0, 64));
      return tags.length ? tags.map(legacyTagRow) : null;
    }),
  );
  api.get(
    '/tag/:id',
    numericId,
    handlePublic(async (req) => legacyTag(await getTag(idOf(req)))),
  );
}
