/**
 * Meilisearch's settings, in one place, applied to each index when the adapter starts: the
 * ranking rules, the typo tolerance the embedded engine also has (one typo from 5 characters, two
 * from 9: `TYPOS`), synonyms for the written forms of numerals with units and of names, generated
 * from the tables `terms.ts` normalises with (`FREQUENCY_UNITS`, `SAMPLE_RATES_KHZ`,
 * `SPELLINGS`), and the query options (the `last` matching strategy).
 */
import type { Settings } from 'meilisearch';
import { FREQUENCY_UNITS, SAMPLE_RATES_KHZ, SPELLINGS, TYPOS, frequency } from './terms';

/**
 * `sort` right after `words`: 最新 orders each group of matched words newest first, as the embedded
 * engine does; without a sort parameter it changes nothing.
 */
export const MEILI_RANKING_RULES = [
  'words',
  'sort',
  'typo',
  'proximity',
  'attribute',
  'exactness',
  'createTime:desc',
];

/** The query options every search sends. */
export const MEILI_SEARCH_OPTIONS = { matchingStrategy: 'last' } as const;

/** The written forms of a sample rate (8: 8k, 8khz, 8000hz), each unit of `FREQUENCY_UNITS`. */
export function sampleRateForms(khz: number): string[] {
  const forms = new Set<string>();
  for (const [unit, hz] of Object.entries(FREQUENCY_UNITS)) {
    const value = Number(((khz * 1000) / hz).toFixed(3));
    forms.add(`${value}${unit}`);
  }
  return [...forms];
}

/** Every written form of a unit or a name as a synonym of each other form of it. */
export function meiliSynonyms(): Record<string, string[]> {
  const groups: string[][] = [
    ...SAMPLE_RATES_KHZ.map((khz) => {
      const canonical = frequency(String(khz), 'khz');
      return [...new Set([canonical, ...sampleRateForms(khz)])];
    }),
    ...Object.entries(SPELLINGS).map(([term, forms]) => [term, ...forms]),
  ];
  const synonyms: Record<string, string[]> = {};
  for (const group of groups)
    for (const form of group) synonyms[form] = group.filter((other) => other !== form);
  return synonyms;
}

export function meiliSettings(): Settings {
  return {
    searchableAttributes: ['title', 'tags', 'content', 'terms'],
    filterableAttributes: ['nodeId', 'recommend', 'createTime'],
    sortableAttributes: ['createTime'],
    localizedAttributes: [{ attributePatterns: ['title', 'tags', 'content'], locales: ['cmn'] }],
    rankingRules: MEILI_RANKING_RULES,
    typoTolerance: {
      enabled: true,
      minWordSizeForTypos: { oneTypo: TYPOS.one, twoTypos: TYPOS.two },
      // Not `disableOnNumbers`: Meilisearch knows it from v1.15, the compose file runs v1.12.
    },
    synonyms: meiliSynonyms(),
  };
}
