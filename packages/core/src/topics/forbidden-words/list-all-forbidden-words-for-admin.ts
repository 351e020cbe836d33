import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';
import { FORBIDDEN_WORDS_MAX } from './rules';

/** Every rule, newest first. */
export async function listAllForbiddenWordsForAdmin(ctx: RequestContext): Promise<ForbiddenWordDoc[]> {
  authorize(ctx.actor, 'listAllForbiddenWordsForAdmin');
  return ForbiddenWord.find({}).sort({ _id: -1 }).limit(FORBIDDEN_WORDS_MAX).lean<ForbiddenWordDoc[]>();
}
