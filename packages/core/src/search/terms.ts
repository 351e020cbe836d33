/**
 * The terms a text is indexed and searched by. Text is NFKC-normalised and lower-cased first, so
 * full-width letters and digits match their ASCII forms and WeNet is wenet. Then:
 *
 * - Latin words and numbers (conformer, int8, wer, 2.0). A hyphenated compound is indexed as its
 *   parts and joined (hifi, gan, hifigan; rnn, t, rnnt), and searched joined, so HiFi-GAN, HiFiGAN
 *   and hifigan find each other.
 * - Numerals with a frequency unit are one canonical term in kHz: 8k, 8kHz, 8 kHz, 8000Hz and
 *   8000 Hz are all `8khz` (16k is `16khz`, 44.1kHz `44.1khz`).
 * - Chinese: every CJK character pair, so a part of a word is found (处理 in 待处理), a lone CJK
 *   character, and the words of more than two characters from a real segmenter (jieba, the
 *   default; `Intl.Segmenter` measured beside it in the recall test).
 *
 * A query is read differently (`queryTerms`): its terms are words in the order typed — jieba's
 * precise words, a one-character word joined to its neighbour (误 + 唤醒 → 误唤醒), stop words
 * (的, 什么, how…) left out, a dictionary compound split into the words that tile it (中文标点 →
 * 中文, 标点). A word of three or more characters matches a document that has the
 * word, or, as a fallback for a part of a longer word, every character pair of it; so a query
 * word's pairs never match on their own.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

export type Segmenter = 'jieba' | 'intl';

let jieba: Jieba | undefined;
let intl: Intl.Segmenter | undefined;

const jiebaOf = () => (jieba ??= Jieba.withDict(dict));

function searchWords(text: string, segmenter: Segmenter): string[] {
  if (segmenter === 'jieba') return jiebaOf().cutForSearch(text, true);
  intl ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return [...intl.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
}

/** Non-overlapping words in order: what a query is made of. */
function preciseWords(text: string, segmenter: Segmenter): string[] {
  if (segmenter === 'jieba') return jiebaOf().cut(text, true);
  return searchWords(text, segmenter);
}

const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
/**
 * A Latin word, a number with decimals (2.0), hyphenated compounds (hifi-gan, x-vector), and a
 * canonical frequency with decimals (44.1khz, one term).
 */
const LATIN_WORD = /\d+\.\d+khz(?![a-z0-9])|[a-z0-9]+(?:\.[0-9]+)*(?:-[a-z0-9]+(?:\.[0-9]+)*)*/g;
/** Frequency units and their size in Hz: a numeral with one is a canonical term in kHz. */
export const FREQUENCY_UNITS: Record<string, number> = { khz: 1000, k: 1000, hz: 1 };
/** The sample rates people write (in kHz): their written forms are Meilisearch synonyms. */
export const SAMPLE_RATES_KHZ = [8, 11.025, 16, 22.05, 24, 32, 44.1, 48];
/**
 * Names written several ways, by canonical term: a hyphenated form is joined by the general rule
 * (hifi-gan → hifigan), a spaced one (hifi gan) is rewritten to the canonical term here.
 */
export const SPELLINGS: Record<string, string[]> = {
  hifigan: ['hifi-gan', 'hifi gan'],
  rnnt: ['rnn-t'],
  xvector: ['x-vector', 'x vector'],
  ecapatdnn: ['ecapa-tdnn', 'ecapa tdnn'],
  sherpaonnx: ['sherpa-onnx'],
  bertvits2: ['bert-vits2'],
  fastspeech2: ['fastspeech 2'],
};
const UNIT = Object.keys(FREQUENCY_UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|');
/** A numeral with a frequency unit: 8k, 8 khz, 8000hz, 44.1khz. */
const FREQUENCY = new RegExp(`(?<![a-z0-9.])(\\d+(?:\\.\\d+)?)\\s*(${UNIT})(?![a-z0-9])`, 'g');
const SPACED = Object.entries(SPELLINGS).flatMap(([term, forms]) =>
  forms
    .filter((form) => form.includes(' '))
    .map((form) => ({
      term,
      pattern: new RegExp(`(?<![a-z0-9])${form.replace(' ', '\\s+')}(?![a-z0-9])`, 'g'),
    })),
);

/** Query words that carry no meaning of their own. */
const STOP_WORDS = new Set([
  ...['的', '了', '是', '在', '有', '和', '与', '或', '及', '吗', '呢', '吧', '啊', '呀', '么', '嘛'],
  ...['很', '也', '都', '就', '还', '又', '把', '被', '给', '对', '从', '到', '为', '以', '于', '而'],
  ...['个', '些', '这', '那', '我', '你', '他', '她', '它', '想', '要', '会', '能', '好', '请', '求'],
  ...['什么', '怎么', '怎样', '怎么样', '如何', '哪个', '哪些', '哪里', '哪儿', '为什么', '请问'],
  ...['一下', '一个', '这个', '那个', '我们', '你们', '他们', '可以', '能否', '是否', '有没有'],
  ...['大家', '一些', '还是', '或者', '以及', '关于', '应该', '需要', '谁', '吗', '用', '做'],
  ...['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'is', 'are', 'how', 'what'],
  ...['with', 'by', 'at', 'be', 'do', 'does', 'can', 'i', 'my', 'it', 'this', 'that', 'vs'],
]);

/** Characters that end a word (说话 + 人, 鲁棒 + 性): joined to the word before them. */
const SUFFIXES = new Set([...'人性化器率者家式型度法机员量端侧点版']);

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** `8` and `k` → `8khz`; `8000` and `hz` → `8khz`. */
export function frequency(value: string, unit: string): string {
  const hz = Number(value) * FREQUENCY_UNITS[unit]!;
  return `${Number((hz / 1000).toFixed(3))}khz`;
}

/**
 * Lower-cased, NFKC-normalised text with every numeral-with-unit in its canonical form and every
 * spaced spelling of a name (`SPELLINGS`) written as its term.
 */
export function canonical(text: string): string {
  let normal = normalize(text).replace(FREQUENCY, (_, value: string, unit: string) => frequency(value, unit));
  for (const { term, pattern } of SPACED) normal = normal.replace(pattern, term);
  return normal;
}

/** An occurrence of a term, `at` characters (UTF-16 units) into the canonical text. */
export interface Occurrence {
  term: string;
  at: number;
}

/** Every indexed term of `text` with where it first occurs. */
export function occurrencesOf(text: string, segmenter: Segmenter = 'jieba'): Map<string, number> {
  const found = new Map<string, number>();
  const add = (term: string, at: number) => {
    if (term && !found.has(term)) found.set(term, at);
  };
  const normal = canonical(text);
  for (const match of normal.matchAll(LATIN_WORD)) {
    const word = match[0];
    const parts = word.split('-');
    if (parts.length > 1) add(parts.join(''), match.index);
    let at = match.index;
    for (const part of parts) {
      add(part, at);
      at += part.length + 1;
    }
  }
  for (const match of normal.matchAll(CJK_RUN)) {
    const run = match[0];
    const characters = Array.from(run);
    if (characters.length === 1) add(run, match.index);
    for (let i = 0; i + 1 < characters.length; i++) add(characters[i]! + characters[i + 1]!, match.index + i);
    for (const word of searchWords(run, segmenter)) {
      if (Array.from(word).length > 2) add(word, match.index + Math.max(0, run.indexOf(word)));
    }
  }
  return found;
}

/** The distinct indexed terms of `text`. */
export function termsOf(text: string, segmenter: Segmenter = 'jieba'): Set<string> {
  return new Set(occurrencesOf(text, segmenter).keys());
}

/** The character pairs of a CJK word, in order. */
export function pairsOf(word: string): string[] {
  const characters = Array.from(word);
  const pairs: string[] = [];
  for (let i = 0; i + 1 < characters.length; i++) pairs.push(characters[i]! + characters[i + 1]!);
  return pairs;
}

/** One word of a query. */
export interface QueryTerm {
  /** The indexed term it is (a Latin word in canonical form, a CJK word or pair, a character). */
  key: string;
  /** For a CJK word of three or more characters: its pairs, all of which match it too. */
  pairs: string[];
  /** Whether it is CJK (adjacent CJK words are near when their boundary pair is in a document). */
  cjk: boolean;
  /** As typed (normalised): `hifi-gan` for the key `hifigan`. */
  text: string;
}

const isCjk = (text: string) => /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/u.test(text);

/** A CJK run's words: precise segmentation, stop words out, one-character words joined on. */
function runWords(run: string, segmenter: Segmenter): string[] {
  const segments: { word: string; at: number }[] = [];
  let cursor = 0;
  for (const word of preciseWords(run, segmenter)) {
    const at = run.indexOf(word, cursor);
    if (at < 0) continue;
    cursor = at + word.length;
    if (!STOP_WORDS.has(word)) segments.push({ word, at });
  }
  const words: { word: string; at: number; end: number }[] = [];
  for (let i = 0; i < segments.length; i++) {
    const { word, at } = segments[i]!;
    const end = at + word.length;
    const previous = words.at(-1);
    const next = segments[i + 1];
    const touchesPrevious = previous !== undefined && previous.end === at;
    const touchesNext = next !== undefined && next.at === end;
    if (Array.from(word).length === 1 && touchesPrevious && (SUFFIXES.has(word) || !touchesNext)) {
      previous.word += word;
      previous.end = end;
    } else if (Array.from(word).length === 1 && touchesNext) {
      // Joined to the next word: 误 + 唤醒 → 误唤醒.
      segments[i + 1] = { word: word + next.word, at };
    } else {
      words.push({ word, at, end });
    }
  }
  return words.flatMap(({ word }) => compoundParts(word, segmenter));
}

/**
 * A dictionary compound of four or more characters as the words it is made of, when jieba's
 * search mode tiles it with words of two or more characters (中文标点 → 中文, 标点; 声纹识别 →
 * 声纹, 识别): a post that writes them apart (中文没有标点) answers it too, and one that writes
 * them together has both, adjacent. Any other word is kept whole.
 */
function compoundParts(word: string, segmenter: Segmenter): string[] {
  const length = Array.from(word).length;
  if (length < 4 || !isCjk(word)) return [word];
  const parts = new Set(
    searchWords(word, segmenter).filter((part) => part !== word && Array.from(part).length >= 2),
  );
  const tiles: string[] = [];
  let rest = word;
  while (rest) {
    const next = [...parts].filter((part) => rest.startsWith(part)).sort((a, b) => b.length - a.length)[0];
    if (!next) return [word];
    tiles.push(next);
    rest = rest.slice(next.length);
  }
  return tiles.length > 1 ? tiles : [word];
}

/** The latest queries' words: a search asks them of one keyword three times (rank, highlight, typos). */
const recentQueries = new Map<string, QueryTerm[]>();
const RECENT_QUERIES = 256;

/** The words of a query in the order typed, each once (see the module's comment). */
export function queryTerms(keyword: string, segmenter: Segmenter = 'jieba'): QueryTerm[] {
  const cacheKey = `${segmenter}\n${keyword}`;
  let terms = recentQueries.get(cacheKey);
  if (!terms) {
    terms = segmentQuery(keyword, segmenter);
    if (recentQueries.size >= RECENT_QUERIES) recentQueries.delete(recentQueries.keys().next().value!);
    recentQueries.set(cacheKey, terms);
  }
  // Copies: a caller may change what it is given.
  return terms.map((term) => ({ ...term, pairs: [...term.pairs] }));
}

function segmentQuery(keyword: string, segmenter: Segmenter): QueryTerm[] {
  const normal = canonical(keyword);
  const pieces: { at: number; term: QueryTerm }[] = [];
  for (const match of normal.matchAll(LATIN_WORD)) {
    const key = match[0].split('-').join('');
    if (!STOP_WORDS.has(key))
      pieces.push({ at: match.index, term: { key, pairs: [], cjk: false, text: match[0] } });
  }
  for (const match of normal.matchAll(CJK_RUN)) {
    let at = match.index;
    for (const word of runWords(match[0], segmenter)) {
      const pairs = Array.from(word).length > 2 ? pairsOf(word) : [];
      pieces.push({ at: at++, term: { key: word, pairs, cjk: isCjk(word), text: word } });
    }
  }
  pieces.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  return pieces.map(({ term }) => term).filter((term) => !seen.has(term.key) && seen.add(term.key));
}

/**
 * What a query's matches are highlighted by: its words as typed and as indexed, and the written
 * forms of a numeral with a unit (`8khz`: 8k, 8 k…, 8000hz, 8000 hz).
 */
export function highlightTerms(keyword: string): string[] {
  const needles = new Set<string>();
  for (const { key, text } of queryTerms(keyword)) {
    needles.add(key).add(text);
    const frequency = /^(\d+(?:\.\d+)?)khz$/.exec(key);
    if (frequency) {
      const [kilo, hertz] = [frequency[1]!, String(Number(frequency[1]) * 1000)];
      for (const form of [`${kilo}k`, `${kilo} k`, `${hertz}hz`, `${hertz} hz`]) needles.add(form);
    }
  }
  return [...needles];
}

/** Latin words that may be misspelt: a letter, then letters and digits (not 16khz, not 2.0). */
const LATIN_NAME = /^[a-z][a-z0-9]*$/;
/** Typos tolerated in a query word of this many characters or more: one from 5, two from 9. */
export const TYPOS = { one: 5, two: 9 };

/** How many typos a query word may carry. */
export function typosAllowed(word: string): number {
  if (!LATIN_NAME.test(word)) return 0;
  return word.length >= TYPOS.two ? 2 : word.length >= TYPOS.one ? 1 : 0;
}

/** The strings left by deleting `count` characters (one or two) from `word`, each once. */
export function deletions(word: string, count: 1 | 2): string[] {
  const once = new Set<string>();
  for (let i = 0; i < word.length; i++) once.add(word.slice(0, i) + word.slice(i + 1));
  if (count === 1) return [...once];
  const twice = new Set<string>();
  for (const shorter of once) for (const deleted of deletions(shorter, 1)) twice.add(deleted);
  return [...twice];
}

/**
 * The keys an indexed Latin term is listed under in the deletion neighbourhood: itself and its
 * one-character deletions (from 4 characters: a 5-character query may be one insertion away),
 * and its two-character deletions too from 8 characters (a 9-character query may be two edits
 * away). A query word within its allowed typos of the term shares one of them.
 */
export function neighbourhood(term: string): string[] {
  if (!LATIN_NAME.test(term) || term.length < TYPOS.one - 1) return [];
  const keys = [term, ...deletions(term, 1)];
  if (term.length >= TYPOS.two - 1) keys.push(...deletions(term, 2));
  return [...new Set(keys)];
}

/** Edit distance with adjacent transpositions counting one (whsiper → whisper is one typo). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The Latin words of `texts` within a misspelt query word's typos (whsiper: Whisper), as written:
 * what a corrected word is highlighted by. A query word found as written in the texts was not
 * corrected and adds nothing (conformer does not highlight conformers). The first 3,000
 * characters of each text are read.
 */
export function correctedForms(keyword: string, texts: string[]): string[] {
  const typoable = queryTerms(keyword).filter((term) => !term.cjk && typosAllowed(term.key) > 0);
  if (typoable.length === 0) return [];
  const words = new Map<string, string>();
  for (const text of texts)
    for (const match of text.slice(0, 3000).matchAll(/[a-z][a-z0-9]*/gi))
      words.set(normalize(match[0]), match[0]);
  const forms = new Set<string>();
  for (const { key } of typoable) {
    if (words.has(key)) continue;
    for (const [lower, word] of words) {
      const distance = editDistance(lower, key);
      if (distance > 0 && distance <= typosAllowed(key)) forms.add(word);
    }
  }
  return [...forms];
}
