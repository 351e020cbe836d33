/** Tag admin, `/api/admin/tag/...` (docs/legacy-api.md §2.2); create and update are the owner's. */
import type { Router } from 'express';
import {
  autocompleteTagsForAdmin,
  createTag,
  getTagForAdmin,
  listTagsForAdmin,
  tagsByIds,
  updateTag,
} from '@forum/core';
import { handleAdmin } from './guard';
import { contextOf, formText, idsOf } from '../form';
import { intFilter, statusOf, textFilter } from './forms';
import { adminResourceRoutes } from './resource';
import { legacyTag, legacyTagRow } from '../presenters/tags';

export function adminTagRoutes(api: Router): void {
  adminResourceRoutes(api, {
    path: 'tag',
    draftOf: (req) => ({
      name: formText(req, 'name'),
      description: formText(req, 'description'),
      status: statusOf(req),
    }),
    present: legacyTagRow,
    create: createTag,
    update: updateTag,
    list: (ctx, req, page) =>
      listTagsForAdmin(ctx, {
        id: intFilter(req, 'id'),
        name: textFilter(req, 'name', 32),
        status: intFilter(req, 'status'),
        ...page,
      }),
    get: getTagForAdmin,
  });
  api.get(
    '/admin/tag/autocomplete',
    handleAdmin(async (req, actor) =>
      (await autocompleteTagsForAdmin(contextOf(req, actor), formText(req, 'keyword'))).map(legacyTag),
    ),
  );
  api.get(
    '/admin/tag/tags',
    handleAdmin(async (req) => {
      const ids = idsOf(req, 'tagIds');
      const tags = await tagsByIds(ids);
      const found = ids.flatMap((id) => {
        const tag = tags.get(id);
        return tag ? [legacyTag(tag)] : [];
      });
      return found.length ? found : null;
    }),
  );
}
