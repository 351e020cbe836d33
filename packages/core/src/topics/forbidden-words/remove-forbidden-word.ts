import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { deleteForbiddenWord } from './delete-forbidden-word';
import { ruleIdOf } from './rules';

/** Removes a word by its text (any case); removing a word that is not listed is a no-op. */
export async function removeForbiddenWord(ctx: RequestContext, input: { word: string }): Promise<boolean> {
  authorize(ctx.actor, 'moderate');
  const id = await ruleIdOf(input.word.replace(/\0/g, '').trim().toLowerCase());
  if (id === undefined) return false;
  await deleteForbiddenWord(ctx, { id });
  return true;
}
