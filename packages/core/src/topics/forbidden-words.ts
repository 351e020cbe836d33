/** Forbidden words: the admin keeps a list; posting text that contains one is refused. */
import { nextId } from '../db/counters';
import { AppError } from '../errors';
import { isDuplicateKeyError } from '../events/jobs';
import type { UserDoc } from '../users/model';
import { isOwnerOrAdmin } from '../users/roles';
import { ForbiddenWord, type ForbiddenWordDoc } from './model';

export const FORBIDDEN_WORD_MAX_LENGTH = 64;
/** Bounds the one query every post runs; an admin list is far shorter. */
const FORBIDDEN_WORDS_MAX = 5000;

function assertAdmin(actor: UserDoc): void {
  if (!isOwnerOrAdmin(actor)) throw new AppError('FORBIDDEN', '无权限');
}

function normalise(word: string): string {
  return word.replace(/\0/g, '').trim();
}

/** Adds a word; adding one that exists (in any case) returns the existing row. */
export async function addForbiddenWord(actor: UserDoc, input: string): Promise<ForbiddenWordDoc> {
  assertAdmin(actor);
  const word = normalise(input);
  if (!word) throw new AppError('INVALID_INPUT', '违禁词不能为空');
  if ([...word].length > FORBIDDEN_WORD_MAX_LENGTH) {
    throw new AppError('INVALID_INPUT', `违禁词不能超过${FORBIDDEN_WORD_MAX_LENGTH}个字`);
  }
  const wordLower = word.toLowerCase();
  const existing = await ForbiddenWord.findOne({ wordLower }).lean<ForbiddenWordDoc>();
  if (existing) return existing;
  try {
    const created = await ForbiddenWord.create({
      _id: await nextId('forbidden_word'),
      word,
      wordLower,
      createTime: Date.now(),
    });
    return created.toObject() as ForbiddenWordDoc;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return (await ForbiddenWord.findOne({ wordLower }).lean<ForbiddenWordDoc>())!;
  }
}

export async function listForbiddenWords(actor: UserDoc): Promise<ForbiddenWordDoc[]> {
  assertAdmin(actor);
  return ForbiddenWord.find({}).sort({ _id: -1 }).limit(FORBIDDEN_WORDS_MAX).lean<ForbiddenWordDoc[]>();
}

/** Removes a word (any case); removing a word that is not listed is a no-op. */
export async function removeForbiddenWord(actor: UserDoc, word: string): Promise<boolean> {
  assertAdmin(actor);
  const { deletedCount } = await ForbiddenWord.deleteOne({ wordLower: normalise(word).toLowerCase() });
  return deletedCount > 0;
}

/** Throws "内容包含违禁词：{word}" when any text contains a listed word, case-insensitively. */
export async function assertNoForbiddenWords(...texts: string[]): Promise<void> {
  const words = await ForbiddenWord.find({}, { word: 1, wordLower: 1 })
    .limit(FORBIDDEN_WORDS_MAX)
    .lean<ForbiddenWordDoc[]>();
  if (!words.length) return;
  const haystack = texts.join('\n').toLowerCase();
  const hit = words.find((row) => haystack.includes(row.wordLower));
  if (hit) throw new AppError('INVALID_INPUT', `内容包含违禁词：${hit.word}`);
}
