import { regexProblem, type ForbiddenWordKind, type ForbiddenWordMatch } from '@forum/contracts';
import { AppError } from '../../errors';
import { authorize } from '../../policies';
import type { RequestContext } from '../../request-context';
import { loadRules, matchOf, type Rule } from './rules';

/**
 * Which rules `sample` matches: the saved ones and, when given, a rule the admin is about to save
 * (reported with id 0). A draft regular expression that cannot be a rule is refused with why.
 */
export async function testForbiddenWordsForAdmin(
  ctx: RequestContext,
  { sample, draft }: { sample: string; draft?: { word: string; kind: ForbiddenWordKind } },
): Promise<ForbiddenWordMatch[]> {
  authorize(ctx.actor, 'testForbiddenWordsForAdmin');
  const word = draft?.word.replace(/\0/g, '').trim();
  if (draft?.kind === 'regex' && word) {
    const problem = regexProblem(word);
    if (problem) throw new AppError('INVALID_INPUT', problem);
  }
  const rules: Rule[] = [...(word ? [{ id: 0, word, kind: draft!.kind }] : []), ...(await loadRules())];
  return rules.flatMap((rule) => {
    const matched = matchOf(rule, sample);
    return matched === null ? [] : [{ ...rule, matched }];
  });
}
