import { describe, expect, it } from 'vitest';
import { distinctQueries, SEED_WORDS } from './search-queries';

describe('the uncached search row’s queries', () => {
  it('are distinct, one to three seeded words each, the same every run', () => {
    const queries = distinctQueries(30_000);
    expect(queries).toHaveLength(30_000);
    expect(new Set(queries).size).toBe(30_000);
    // Checked in plain code and asserted once: 60,000 `expect` calls took seconds on a busy machine.
    const seedWords = new Set(SEED_WORDS);
    const lengths = new Set<number>();
    const malformed = queries.filter((query) => {
      const words = query.split(' ');
      lengths.add(words.length);
      return new Set(words).size !== words.length || words.some((word) => !seedWords.has(word));
    });
    expect(malformed).toEqual([]);
    expect([...lengths].sort()).toEqual([1, 2, 3]);
    expect(distinctQueries(100)).toEqual(queries.slice(0, 100));
  });
});
