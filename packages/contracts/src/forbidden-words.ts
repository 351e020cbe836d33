import { z } from 'zod';
import { boundedText } from './text';

export const FORBIDDEN_WORD_MAX_LENGTH = 64;
export const FORBIDDEN_WORD_NOTE_MAX_LENGTH = 256;
export const FORBIDDEN_SAMPLE_MAX_LENGTH = 10_000;

/** A plain word (matched case-insensitively anywhere) or a regular expression (flags `iu`). */
export const ForbiddenWordKindSchema = z.enum(['word', 'regex']);
export type ForbiddenWordKind = z.infer<typeof ForbiddenWordKindSchema>;

/**
 * Nested quantifiers such as `(a+)+` or `(\w*)*` make a regular expression take exponential time on
 * some texts; every post is checked against the list, so they are refused.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:\?)?\)[+*{]/;

/** Why `pattern` cannot be a forbidden-word rule, or null when it can. */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'iu');
  } catch {
    return '正则表达式格式错误';
  }
  if (NESTED_QUANTIFIER.test(pattern)) return '正则表达式不能嵌套重复（如 (a+)+）';
  if (new RegExp(pattern, 'iu').test('')) return '正则表达式不能匹配空文本';
  return null;
}

/** A rule as an admin adds or edits it. */
export const ForbiddenWordDraftSchema = z
  .object({
    word: boundedText(FORBIDDEN_WORD_MAX_LENGTH, `违禁词不能超过${FORBIDDEN_WORD_MAX_LENGTH}个字`).refine(
      (value) => value.length > 0,
      '违禁词不能为空',
    ),
    kind: ForbiddenWordKindSchema.default('word'),
    note: boundedText(
      FORBIDDEN_WORD_NOTE_MAX_LENGTH,
      `备注不能超过${FORBIDDEN_WORD_NOTE_MAX_LENGTH}个字`,
    ).default(''),
  })
  .superRefine((draft, ctx) => {
    const problem = draft.kind === 'regex' ? regexProblem(draft.word) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['word'], message: problem });
  });
export type ForbiddenWordDraft = z.infer<typeof ForbiddenWordDraftSchema>;
export type ForbiddenWordDraftInput = z.input<typeof ForbiddenWordDraftSchema>;

export const ForbiddenWordListInputSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  kind: ForbiddenWordKindSchema.optional(),
  /** Contained in the word or the note. */
  keyword: z.string().max(64).optional(),
});

/** A sample text, checked against the saved rules and, when given, a rule not saved yet. */
export const ForbiddenWordTestInputSchema = z.object({
  sample: z.string().max(FORBIDDEN_SAMPLE_MAX_LENGTH, `示例文本不能超过${FORBIDDEN_SAMPLE_MAX_LENGTH}个字`),
  draft: z
    .object({ word: z.string().max(FORBIDDEN_WORD_MAX_LENGTH * 4), kind: ForbiddenWordKindSchema })
    .optional(),
});

export interface ForbiddenWordItem {
  id: number;
  word: string;
  kind: ForbiddenWordKind;
  note: string;
  createTime: number;
}

/** One rule that matched a sample, with the text it matched there. */
export interface ForbiddenWordMatch {
  /** 0 for the draft rule. */
  id: number;
  word: string;
  kind: ForbiddenWordKind;
  matched: string;
}
