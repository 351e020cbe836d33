/**
 * What the forbidden-word use cases share: the rules as posting reads them (one Redis GET, never a
 * scan of the collection; every change rewrites that copy), how a rule matches, and the unique word.
 */
import { regexProblem, type ForbiddenWordKind, Texts } from '@forum/contracts';
import { AppError } from '../../errors';
import { rmKey, rmRedis } from '../../read-model/store';
import { ForbiddenWord, type ForbiddenWordDoc } from '../model';

/** Bounds the rules loaded at once; an admin's list is far shorter. */
export const FORBIDDEN_WORDS_MAX = 5000;

export interface Rule {
  id: number;
  word: string;
  kind: ForbiddenWordKind;
}

const rulesKey = () => rmKey('forbidden-words');

export async function loadRules(): Promise<Rule[]> {
  const rows = await ForbiddenWord.find({}, { word: 1, kind: 1 })
    .sort({ _id: 1 })
    .limit(FORBIDDEN_WORDS_MAX)
    .lean<ForbiddenWordDoc[]>();
  return rows.map((row) => ({
    id: row._id,
    word: row.word,
    kind: row.kind ?? 'word',
  }));
}

/** Rewrites the Redis copy of the rules after a change (or when Redis lost it). */
export async function storeRules(): Promise<Rule[]> {
  const rules = await loadRules();
  await rmRedis().set(rulesKey(), JSON.stringify(rules));
  return rules;
}

export async function readRules(): Promise<Rule[]> {
  const cached = await rmRedis().get(rulesKey());
  return cached ? (JSON.parse(cached) as Rule[]) : storeRules();
}

/** The text of `sample` that `rule` matches, or null. */
export function matchOf(rule: Pick<Rule, 'word' | 'kind'>, sample: string): string | null {
  if (rule.kind === 'regex') {
    if (regexProblem(rule.word)) return null;
    return new RegExp(rule.word, 'iu').exec(sample)?.[0] ?? null;
  }
  const at = sample.toLowerCase().indexOf(rule.word.toLowerCase());
  return at === -1 ? null : sample.slice(at, at + rule.word.length);
}

export const wordTaken = (word: string) => new AppError('CONFLICT', Texts.forbiddenWords.taken(word));

export async function ruleIdOf(wordLower: string): Promise<number | undefined> {
  return (await ForbiddenWord.findOne({ wordLower }, { _id: 1 }).lean<{ _id: number }>())?._id;
}
