import { Texts } from '@forum/contracts';
import { logAdminAction } from '../../audit/log-action';
import { AppError } from '../../errors';
import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';
import { storeRules } from './rules';

/** Removes rule `id`; "违禁词不存在" when there is none. */
export async function deleteForbiddenWord(ctx: RequestContext, input: { id: number }): Promise<void> {
  authorize(ctx.actor, 'moderate');
  const { id } = input;
  const row = Number.isSafeInteger(id) ? await ForbiddenWord.findById(id).lean<ForbiddenWordDoc>() : null;
  if (!row) throw new AppError('NOT_FOUND', Texts.forbiddenWords.missing);
  await ForbiddenWord.deleteOne({ _id: id });
  await storeRules();
  await logAdminAction(ctx, {
    opType: 'delete',
    dataType: 'forbidden_word',
    dataId: id,
    description: Texts.audit.forbiddenWordDeleted(row.word),
  });
}
