/** Site settings, `/api/admin/sys-config/...` (docs/legacy-api.md §2.2 and §5.2); the owner's alone. */
import type { Request, Router } from 'express';
import { Texts } from '@forum/contracts';
import {
  AppError,
  getSiteConfigForAdmin,
  getSysConfigRowForAdmin,
  listSysConfigRowsForAdmin,
  saveSiteConfig,
} from '@forum/core';
import { contextOf, formText, idOf, numericId } from '../form';
import { handleAdmin } from './guard';
import { numberedPage, pageOf, textFilter } from './forms';
import { legacySysConfigRow } from '../presenters/config';

/** `config` is the whole SysConfigResponse as a JSON object string (docs/legacy-api.md §5.2). */
function configPatchOf(req: Request): Record<string, unknown> {
  let patch: unknown;
  try {
    patch = JSON.parse(formText(req, 'config'));
  } catch {
    patch = undefined;
  }
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) {
    throw new AppError('INVALID_INPUT', Texts.common.configInvalid);
  }
  return patch as Record<string, unknown>;
}

export function adminSysConfigRoutes(api: Router): void {
  api.get(
    '/admin/sys-config/all',
    handleAdmin((req, actor) => getSiteConfigForAdmin(contextOf(req, actor))),
  );
  api.post(
    '/admin/sys-config/save',
    handleAdmin(async (req, actor) => {
      await saveSiteConfig(contextOf(req, actor), configPatchOf(req));
      return null;
    }),
  );
  api.all(
    '/admin/sys-config/list',
    handleAdmin(async (req, actor) => {
      const { page, results } = await listSysConfigRowsForAdmin(contextOf(req, actor), {
        key: textFilter(req, 'key'),
        ...pageOf(req),
      });
      return numberedPage(page, results.map(legacySysConfigRow));
    }),
  );
  api.get(
    '/admin/sys-config/:id',
    numericId,
    handleAdmin(async (req, actor) =>
      legacySysConfigRow(await getSysConfigRowForAdmin(contextOf(req, actor), idOf(req))),
    ),
  );
}
