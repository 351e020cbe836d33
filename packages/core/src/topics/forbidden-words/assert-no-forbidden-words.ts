import { Texts } from '@forum/contracts';
import { AppError } from '../../errors';
import { matchOf, readRules } from './rules';

/** Throws "内容包含违禁词：{word}" when any text matches a rule (a word in any case, or a regex). */
export async function assertNoForbiddenWords(...texts: string[]): Promise<void> {
  await refuseForbiddenWords(texts);
}

/** The same check of one input field's text; the refusal names `field` (forms show it beside it). */
export async function assertNoForbiddenWordsIn(field: string, text: string): Promise<void> {
  await refuseForbiddenWords([text], field);
}

async function refuseForbiddenWords(texts: string[], field?: string): Promise<void> {
  const rules = await readRules();
  if (!rules.length) return;
  const haystack = texts.join('\n');
  const hit = rules.find((rule) => matchOf(rule, haystack) !== null);
  if (hit) throw new AppError('INVALID_INPUT', Texts.forbiddenWords.contentHit(hit.word), { field });
}
