/**
 * Forbidden words: the admin keeps a list of words and regular expressions, each with a note; a
 * topic that matches one is refused. Posting reads the rules from Redis (one GET), never from a
 * scan of the collection; every change rewrites that copy.
 */
import {
  ForbiddenWordDraftSchema,
  regexProblem,
  type ForbiddenWordDraftInput,
  type ForbiddenWordItem,
  type ForbiddenWordKind,
  type ForbiddenWordMatch,
  Texts,
} from '@forum/contracts';
import { logAdminAction, type AuditMeta } from '../audit/admin-action';
import { adminPaging, containsText } from '../audit/admin-query';
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import type { UserDoc } from '../users/model';
import { authorize } from '../policies';
import { rmKey, rmRedis } from '../read-model/store';
import { ForbiddenWord, type ForbiddenWordDoc } from './model';

/** Bounds the rules loaded at once; an admin's list is far shorter. */
const FORBIDDEN_WORDS_MAX = 5000;

function parseDraft(input: ForbiddenWordDraftInput) {
  const parsed = ForbiddenWordDraftSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', parsed.error.issues[0]!.message, { cause: parsed.error });
  }
  return parsed.data;
}

interface Rule {
  id: number;
  word: string;
  kind: ForbiddenWordKind;
}

const rulesKey = () => rmKey('forbidden-words');

async function loadRules(): Promise<Rule[]> {
  const rows = await ForbiddenWord.find({}, { word: 1, kind: 1 })
    .sort({ _id: 1 })
    .limit(FORBIDDEN_WORDS_MAX)
    .lean<ForbiddenWordDoc[]>();
  return rows.map((row) => ({
    id: row._id,
    word: row.word,
    kind: (row.kind ?? 'word') as ForbiddenWordKind,
  }));
}

/** Rewrites the Redis copy of the rules after a change (or when Redis lost it). */
async function storeRules(): Promise<Rule[]> {
  const rules = await loadRules();
  await rmRedis().set(rulesKey(), JSON.stringify(rules));
  return rules;
}

async function readRules(): Promise<Rule[]> {
  const cached = await rmRedis().get(rulesKey());
  return cached ? (JSON.parse(cached) as Rule[]) : storeRules();
}

/** The text of `sample` that `rule` matches, or null. */
function matchOf(rule: Pick<Rule, 'word' | 'kind'>, sample: string): string | null {
  if (rule.kind === 'regex') {
    if (regexProblem(rule.word)) return null;
    return new RegExp(rule.word, 'iu').exec(sample)?.[0] ?? null;
  }
  const at = sample.toLowerCase().indexOf(rule.word.toLowerCase());
  return at === -1 ? null : sample.slice(at, at + rule.word.length);
}

export function presentForbiddenWord(row: ForbiddenWordDoc): ForbiddenWordItem {
  return {
    id: row._id,
    word: row.word,
    kind: (row.kind ?? 'word') as ForbiddenWordKind,
    note: row.note ?? '',
    createTime: row.createTime,
  };
}

const wordTaken = (word: string) => new AppError('CONFLICT', Texts.forbiddenWords.taken(word));

async function ruleIdOf(wordLower: string): Promise<number | undefined> {
  return (await ForbiddenWord.findOne({ wordLower }, { _id: 1 }).lean<{ _id: number }>())?._id;
}

/** Adds a rule; a word that is listed already (in any case) is refused with 违禁词「x」已存在. */
export async function createForbiddenWord(
  actor: UserDoc,
  input: ForbiddenWordDraftInput,
  meta: AuditMeta = {},
): Promise<ForbiddenWordDoc> {
  authorize(actor, 'moderate');
  const draft = parseDraft(input);
  const wordLower = draft.word.toLowerCase();
  if ((await ruleIdOf(wordLower)) !== undefined) throw wordTaken(draft.word);
  let row: ForbiddenWordDoc;
  try {
    const created = await ForbiddenWord.create({
      _id: await nextId('forbidden_word'),
      ...draft,
      wordLower,
      createTime: Date.now(),
    });
    row = created.toObject() as ForbiddenWordDoc;
  } catch (error) {
    if (isDuplicateKeyError(error)) throw wordTaken(draft.word);
    throw error;
  }
  await storeRules();
  await logAdminAction(
    actor,
    { opType: 'create', dataType: 'forbidden_word', dataId: row._id, description: `添加违禁词：${row.word}` },
    meta,
  );
  return row;
}

export async function updateForbiddenWord(
  actor: UserDoc,
  id: number,
  input: ForbiddenWordDraftInput,
  meta: AuditMeta = {},
): Promise<ForbiddenWordDoc> {
  authorize(actor, 'moderate');
  const draft = parseDraft(input);
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
  await logAdminAction(
    actor,
    { opType: 'update', dataType: 'forbidden_word', dataId: id, description: `修改违禁词：${row.word}` },
    meta,
  );
  return row;
}

export async function deleteForbiddenWord(actor: UserDoc, id: number, meta: AuditMeta = {}): Promise<void> {
  authorize(actor, 'moderate');
  const row = Number.isSafeInteger(id) ? await ForbiddenWord.findById(id).lean<ForbiddenWordDoc>() : null;
  if (!row) throw new AppError('NOT_FOUND', Texts.forbiddenWords.missing);
  await ForbiddenWord.deleteOne({ _id: id });
  await storeRules();
  await logAdminAction(
    actor,
    { opType: 'delete', dataType: 'forbidden_word', dataId: id, description: `删除违禁词：${row.word}` },
    meta,
  );
}

/** Adds a plain word; one that exists (in any case) is returned as it is. */
export async function addForbiddenWord(actor: UserDoc, input: string): Promise<ForbiddenWordDoc> {
  authorize(actor, 'moderate');
  const word = input.replace(/\0/g, '').trim();
  const existing = word
    ? await ForbiddenWord.findOne({ wordLower: word.toLowerCase() }).lean<ForbiddenWordDoc>()
    : null;
  if (existing) return existing;
  try {
    return await createForbiddenWord(actor, { word, kind: 'word' });
  } catch (error) {
    if (!(AppError.is(error) && error.code === 'CONFLICT')) throw error;
    return (await ForbiddenWord.findOne({ wordLower: word.toLowerCase() }).lean<ForbiddenWordDoc>())!;
  }
}

/** Every rule, newest first. */
export async function listForbiddenWords(actor: UserDoc): Promise<ForbiddenWordDoc[]> {
  authorize(actor, 'moderate');
  return ForbiddenWord.find({}).sort({ _id: -1 }).limit(FORBIDDEN_WORDS_MAX).lean<ForbiddenWordDoc[]>();
}

export interface ForbiddenWordQuery {
  kind?: ForbiddenWordKind;
  keyword?: string;
  page?: number;
  limit?: number;
}

/** The rules for the console, newest first, by page; `keyword` is looked for in the word and the note. */
export async function pageForbiddenWords(actor: UserDoc, query: ForbiddenWordQuery = {}) {
  authorize(actor, 'moderate');
  const { page, limit, skip } = adminPaging(query);
  const filter: Record<string, unknown> = {};
  if (query.kind === 'regex') filter.kind = 'regex';
  if (query.kind === 'word') filter.kind = { $ne: 'regex' };
  const keyword = query.keyword?.trim();
  if (keyword) filter.$or = [{ word: containsText(keyword) }, { note: containsText(keyword) }];
  const [results, total] = await Promise.all([
    ForbiddenWord.find(filter).sort({ _id: -1 }).skip(skip).limit(limit).lean<ForbiddenWordDoc[]>(),
    ForbiddenWord.countDocuments(filter),
  ]);
  return { page: { page, limit, total }, results };
}

/** Removes a word by its text (any case); removing a word that is not listed is a no-op. */
export async function removeForbiddenWord(actor: UserDoc, word: string): Promise<boolean> {
  authorize(actor, 'moderate');
  const id = await ruleIdOf(word.replace(/\0/g, '').trim().toLowerCase());
  if (id === undefined) return false;
  await deleteForbiddenWord(actor, id);
  return true;
}

/**
 * Which rules `sample` matches: the saved ones and, when given, a rule the admin is about to save
 * (reported with id 0). A draft regular expression that cannot be a rule is refused with why.
 */
export async function testForbiddenWords(
  actor: UserDoc,
  sample: string,
  draft?: { word: string; kind: ForbiddenWordKind },
): Promise<ForbiddenWordMatch[]> {
  authorize(actor, 'moderate');
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

/** Throws "内容包含违禁词：{word}" when any text matches a rule (a word in any case, or a regex). */
export async function assertNoForbiddenWords(...texts: string[]): Promise<void> {
  const rules = await readRules();
  if (!rules.length) return;
  const haystack = texts.join('\n');
  const hit = rules.find((rule) => matchOf(rule, haystack) !== null);
  if (hit) throw new AppError('INVALID_INPUT', Texts.forbiddenWords.contentHit(hit.word));
}
