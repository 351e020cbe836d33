import { ForbiddenWordDraftSchema, type ForbiddenWordDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../../audit/log-action';
import { insertNumbered } from '../../db/insert-numbered';
import { parseInput } from '../../parse-input';
import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';
import { ruleIdOf, storeRules, wordTaken } from './rules';

/** Adds a rule; a word that is listed already (in any case) is refused with 违禁词「x」已存在. */
export async function createForbiddenWord(
  ctx: RequestContext,
  input: ForbiddenWordDraftInput,
): Promise<ForbiddenWordDoc> {
  authorize(ctx.actor, 'moderate');
  const draft = parseInput(ForbiddenWordDraftSchema, input);
  const wordLower = draft.word.toLowerCase();
  if ((await ruleIdOf(wordLower)) !== undefined) throw wordTaken(draft.word);
  const row = await insertNumbered<ForbiddenWordDoc>(
    ForbiddenWord,
    'forbidden_word',
    { ...draft, wordLower, createTime: Date.now() },
    () => wordTaken(draft.word),
  );
  await storeRules();
  await logAdminAction(ctx, {
    opType: 'create',
    dataType: 'forbidden_word',
    dataId: row._id,
    description: Texts.audit.forbiddenWordAdded(row.word),
  });
  return row;
}
