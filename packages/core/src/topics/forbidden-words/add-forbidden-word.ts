import { AppError } from '../../errors';
import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';
import { createForbiddenWord } from './create-forbidden-word';

/** Adds a plain word; one that exists (in any case) is returned as it is. */
export async function addForbiddenWord(
  ctx: RequestContext,
  input: { word: string },
): Promise<ForbiddenWordDoc> {
  authorize(ctx.actor, 'moderate');
  const word = input.word.replace(/\0/g, '').trim();
  const existing = word
    ? await ForbiddenWord.findOne({ wordLower: word.toLowerCase() }).lean<ForbiddenWordDoc>()
    : null;
  if (existing) return existing;
  try {
    return await createForbiddenWord(ctx, { word, kind: 'word' });
  } catch (error) {
    if (!(AppError.is(error) && error.code === 'CONFLICT')) throw error;
    return (await ForbiddenWord.findOne({ wordLower: word.toLowerCase() }).lean<ForbiddenWordDoc>())!;
  }
}
