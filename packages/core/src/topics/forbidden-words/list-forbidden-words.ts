import { authorize } from '../../policies';
import type { UserDoc } from '../../users/model';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';
import { FORBIDDEN_WORDS_MAX } from './rules';

/** Every rule, newest first. */
export async function listForbiddenWords(actor: UserDoc): Promise<ForbiddenWordDoc[]> {
  authorize(actor, 'moderate');
  return ForbiddenWord.find({}).sort({ _id: -1 }).limit(FORBIDDEN_WORDS_MAX).lean<ForbiddenWordDoc[]>();
}
