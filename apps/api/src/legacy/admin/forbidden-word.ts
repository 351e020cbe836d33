/**
 * Forbidden words, `/api/admin/forbidden-word/...`: new here (bbs-go 2022 had no filter; HEAD
 * added these endpoints), shaped like the other admin CRUD of §2.2.
 */
import type { Request, Router } from 'express';
import { ForbiddenWordKindSchema } from '@forum/contracts';
import {
  createForbiddenWord,
  deleteForbiddenWord,
  pageForbiddenWords,
  presentForbiddenWord,
  testForbiddenWords,
  updateForbiddenWord,
} from '@forum/core';
import { admitAdmin } from './guard';
import { formInt } from '../fans';
import { handle } from '../handler';
import { auditMeta, filterText, numberedPage, paging, text } from './params';

const kindOf = (req: Request) => {
  const parsed = ForbiddenWordKindSchema.safeParse(text(req, 'kind'));
  return parsed.success ? parsed.data : undefined;
};

const draftOf = (req: Request) => ({
  word: text(req, 'word'),
  kind: kindOf(req) ?? 'word',
  note: text(req, 'note'),
});

export function adminForbiddenWordRoutes(api: Router): void {
  api.all(
    '/admin/forbidden-word/list',
    handle(async (req) => {
      const actor = await admitAdmin(req);
      const result = await pageForbiddenWords(actor, {
        kind: kindOf(req),
        keyword: filterText(req, 'keyword', 64),
        ...paging(req),
      });
      return numberedPage(result, presentForbiddenWord);
    }),
  );
  api.post(
    '/admin/forbidden-word/create',
    handle(async (req) =>
      presentForbiddenWord(await createForbiddenWord(await admitAdmin(req), draftOf(req), auditMeta(req))),
    ),
  );
  api.post(
    '/admin/forbidden-word/update',
    handle(async (req) =>
      presentForbiddenWord(
        await updateForbiddenWord(await admitAdmin(req), formInt(req, 'id'), draftOf(req), auditMeta(req)),
      ),
    ),
  );
  api.post(
    '/admin/forbidden-word/delete',
    handle(async (req) => {
      await deleteForbiddenWord(await admitAdmin(req), formInt(req, 'id'), auditMeta(req));
      return null;
    }),
  );
  // `sample` against the saved rules and, when `word` is given, the rule being written.
  api.post(
    '/admin/forbidden-word/test',
    handle(async (req) => {
      const actor = await admitAdmin(req);
      const word = text(req, 'word');
      const matches = await testForbiddenWords(
        actor,
        text(req, 'sample').slice(0, 10_000),
        word.trim() ? { word, kind: kindOf(req) ?? 'word' } : undefined,
      );
      return matches.length ? matches : null;
    }),
  );
}
