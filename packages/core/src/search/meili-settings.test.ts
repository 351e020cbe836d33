/**
 * Meilisearch's settings are built from the tables the embedded engine normalises with: every
 * written form of a sample rate and of a name is a synonym of its canonical term, which is what
 * `terms.ts` indexes it as; the typo tolerance is the embedded engine's.
 */
import { describe, expect, it } from 'vitest';
import { MEILI_RANKING_RULES, MEILI_SEARCH_OPTIONS, meiliSettings } from './meili-settings';
import { FREQUENCY_UNITS, SAMPLE_RATES_KHZ, SPELLINGS, TYPOS, queryTerms } from './terms';

describe('Meilisearch settings', () => {
  const settings = meiliSettings();

  it('has a synonym group for each sample rate and each name, every form normalising to its term', () => {
    const synonyms = settings.synonyms!;
    for (const khz of SAMPLE_RATES_KHZ) {
      const canonical = `${khz}khz`;
      expect(synonyms[canonical], canonical).toBeDefined();
      // One form for each unit of the table, and each normalises to the canonical term.
      expect(synonyms[canonical]!.length).toBe(Object.keys(FREQUENCY_UNITS).length - 1);
      for (const form of synonyms[canonical]!) {
        expect(
          queryTerms(form).map((term) => term.key),
          form,
        ).toEqual([canonical]);
        expect(synonyms[form]).toContain(canonical);
      }
    }
    for (const [term, forms] of Object.entries(SPELLINGS)) {
      expect(new Set(synonyms[term])).toEqual(new Set(forms));
      for (const form of forms)
        expect(
          queryTerms(form).map((word) => word.key),
          form,
        ).toEqual([term]);
    }
    expect(synonyms['8k']).toEqual(expect.arrayContaining(['8khz', '8000hz']));
  });

  it('tolerates the embedded engine’s typos and ranks as it does', () => {
    expect(settings.typoTolerance).toMatchObject({
      enabled: true,
      minWordSizeForTypos: { oneTypo: TYPOS.one, twoTypos: TYPOS.two },
    });
    expect(settings.rankingRules).toEqual(MEILI_RANKING_RULES);
    expect(settings.rankingRules![0]).toBe('words');
    expect(MEILI_SEARCH_OPTIONS.matchingStrategy).toBe('last');
  });
});
