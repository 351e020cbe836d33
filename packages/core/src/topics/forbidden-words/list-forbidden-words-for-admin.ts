import type { ForbiddenWordKind } from '@forum/contracts';
import { adminPaging, containsText } from '../../audit/admin-query';
import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';

export interface ForbiddenWordQuery {
  kind?: ForbiddenWordKind;
  keyword?: string;
  page?: number;
  limit?: number;
}

/** The rules for the console, newest first, by page; `keyword` is looked for in the word and the note. */
export async function listForbiddenWordsForAdmin(ctx: RequestContext, query: ForbiddenWordQuery = {}) {
  authorize(ctx.actor, 'listForbiddenWordsForAdmin');
  const { page, limit, skip } = adminPaging(query);
  const filter: Record<string, unknown> = {};
  if (query.kind === 'regex') filter.kind = 'regex';
  if (query.kind === 'word') filter.kind = { $ne: 'regex' };
  const keyword = query.keyword?.trim();
  if (keyword) filter.$or = [{ word: containsText(keyword) }, { note: containsText(keyword) }];
  const [results, total] = await Promise.all([
    ForbiddenWord.find(filter).sort({ _id: -1 }).skip(skip).limit(limit).lean<ForbiddenWordDoc[]>(),
    ForbiddenWord.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}
