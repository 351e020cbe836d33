/**
 * Forbidden words, `/api/admin/forbidden-word/...`: new here (bbs-go 2022 had no filter; HEAD
 * added these endpoints), shaped like the other admin CRUD of docs/legacy-api.md §2.2.
 */
import type { Request, Router } from 'express';
import { ForbiddenWordKindSchema } from '@forum/contracts';
import {
  createForbiddenWord,
  deleteForbiddenWord,
  listForbiddenWordsForAdmin,
  presentForbiddenWord,
  testForbiddenWordsForAdmin,
  updateForbiddenWord,
} from '@forum/core';
import { contextOf, formInt, formText } from '../form';
import { handleAdmin } from './guard';
import { textFilter } from './forms';
import { adminResourceRoutes } from './resource';

const kindOf = (req: Request) => {
  const parsed = ForbiddenWordKindSchema.safeParse(formText(req, 'kind'));
  return parsed.success ? parsed.data : undefined;
};

export function adminForbiddenWordRoutes(api: Router): void {
  adminResourceRoutes(api, {
    path: 'forbidden-word',
    draftOf: (req) => ({
      word: formText(req, 'word'),
      kind: kindOf(req) ?? 'word',
      note: formText(req, 'note'),
    }),
    present: presentForbiddenWord,
    create: createForbiddenWord,
    update: updateForbiddenWord,
    list: (ctx, req, page) =>
      listForbiddenWordsForAdmin(ctx, {
        kind: kindOf(req),
        keyword: textFilter(req, 'keyword', 64),
        ...page,
      }),
  });
  api.post(
    '/admin/forbidden-word/delete',
    handleAdmin(async (req, actor) => {
      await deleteForbiddenWord(contextOf(req, actor), { id: formInt(req, 'id') });
      return null;
    }),
  );
  // `sample` against the saved rules and, when `word` is given, the rule being written.
  api.post(
    '/admin/forbidden-word/test',
    handleAdmin(async (req, actor) => {
      const word = formText(req, 'word');
      const matches = await testForbiddenWordsForAdmin(contextOf(req, actor), {
        sample: formText(req, 'sample').slice(0, 10_000),
        draft: word.trim() ? { word, kind: kindOf(req) ?? 'word' } : undefined,
      });
      return matches.length ? matches : null;
    }),
  );
}
