/** Tag admin, `/api/admin/tag/...` (legacy-api.md §2.2); create and update are the owner's. */
import type { Request, Router } from 'express';
import {
  autocompleteTagsForAdmin,
  createTag,
  getTagForAdmin,
  legacyTag,
  legacyTagRow,
  listTagsForAdmin,
  tagsByIds,
  updateTag,
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

const draftOf = (req: Request) => ({
  name: text(req, 'name'),
  description: text(req, 'description'),
  status: statusOf(req),
});

export function adminTagRoutes(api: Router): void {
  api.post(
    '/admin/tag/create',
    handle(async (req) => legacyTagRow(await createTag(await admitAdmin(req), draftOf(req), auditMeta(req)))),
  );
  api.post(
    '/admin/tag/update',
    handle(async (req) =>
      legacyTagRow(await updateTag(await admitAdmin(req), formInt(req, 'id'), draftOf(req), auditMeta(req))),
    ),
  );
  api.all(
    '/admin/tag/list',
    handle(async (req) => {
      const actor = await admitAdmin(req);
      const result = await listTagsForAdmin(actor, {
        id: filterInt(req, 'id'),
        name: filterText(req, 'name', 32),
        status: filterInt(req, 'status'),
        ...paging(req),
      });
      return numberedPage(result, legacyTagRow);
    }),
  );
  api.get(
    '/admin/tag/autocomplete',
    handle(async (req) =>
      (await autocompleteTagsForAdmin(await admitAdmin(req), text(req, 'keyword'))).map(legacyTag),
    ),
  );
  api.get(
    '/admin/tag/tags',
    handle(async (req) => {
      await admitAdmin(req);
      const ids = idsOf(req, 'tagIds');
      const tags = await tagsByIds(ids);
      const found = ids.flatMap((id) => {
        const tag = tags.get(id);
        return tag ? [legacyTag(tag)] : [];
      });
      return found.length ? found : null;
    }),
  );
  api.get(
    '/admin/tag/:id',
    numericId,
    handle(async (req) => legacyTagRow(await getTagForAdmin(await admitAdmin(req), idParam(req)))),
  );
}
