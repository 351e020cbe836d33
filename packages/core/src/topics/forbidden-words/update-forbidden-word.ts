import { ForbiddenWordDraftSchema, type ForbiddenWordDraftInput, Texts } from '@forum/contracts';
import { logAdminAction } from '../../audit/log-action';
import { AppError } from '../../errors';
import { parseInput } from '../../parse-input';
import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';
import { ruleIdOf, storeRules, wordTaken } from './rules';

/** Replaces rule `id`'s word, kind and note; "违禁词不存在" when there is none. */
export async function updateForbiddenWord(
  ctx: RequestContext,
  input: ForbiddenWordDraftInput & { id: number },
): Promise<ForbiddenWordDoc> {
  authorize(ctx.actor, 'moderate');
  const { id, ...fields } = input;
  const draft = parseInput(ForbiddenWordDraftSchema, fields);
  const wordLower = draft.word.toLowerCase();
  // Checked first: FerretDB reports a unique violation on an update as a generic error.
  const holder = await ruleIdOf(wordLower);
  if (holder !== undefined && holder !== id) throw wordTaken(draft.word);
  const row = Number.isSafeInteger(id)
    ? await ForbiddenWord.findOneAndUpdate(
        { _id: id },
        { $set: { ...draft, wordLower } },
        { returnDocument: 'after' },
      ).lean<ForbiddenWordDoc>()
    : null;
  if (!row) throw new AppError('NOT_FOUND', Texts.forbiddenWords.missing);
  await storeRules();
  await logAdminAction(ctx, {
    opType: 'update',
    dataType: 'forbidden_word',
    dataId: id,
    description: Texts.audit.forbiddenWordUpdated(row.word),
  });
  return row;
}
