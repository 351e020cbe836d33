/**
 * The terms a text is indexed and searched by: Chinese words from a real segmenter (jieba, the
 * default; `Intl.Segmenter` measured beside it in the recall test), every CJK character pair so a
 * part of a word is found (处理 in 待处理), a lone CJK character, and lower-cased Latin words and
 * numbers (conformer, int8, wer, 16k). Text is NFKC-normalised first, so full-width letters and
 * digits match their ASCII forms.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

export type Segmenter = 'jieba' | 'intl';

let jieba: Jieba | undefined;
let intl: Intl.Segmenter | undefined;

function words(text: string, segmenter: Segmenter): string[] {
  if (segmenter === 'jieba') return (jieba ??= Jieba.withDict(dict)).cutForSearch(text, true);
  intl ??= new Intl.Segmenter('zh', { granularity: 'word' });
  return [...intl.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
}

const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
const LATIN_WORD = /[a-z0-9]+/g;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The distinct terms of `text`. */
export function termsOf(text: string, segmenter: Segmenter = 'jieba'): Set<string> {
  const terms = new Set<string>();
  const normal = normalize(text);
  for (const word of normal.match(LATIN_WORD) ?? []) terms.add(word);
  for (const run of normal.match(CJK_RUN) ?? []) {
    const characters = Array.from(run);
    if (characters.length === 1) terms.add(run);
    for (let i = 0; i + 1 < characters.length; i++) terms.add(characters[i]! + characters[i + 1]!);
    for (const word of words(run, segmenter)) if (Array.from(word).length > 2) terms.add(word);
  }
  return terms;
}
