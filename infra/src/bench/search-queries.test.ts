import { describe, expect, it } from 'vitest';
import { distinctQueries, SEED_WORDS } from './search-queries';

describe('the uncached search row’s queries', () => {
  it('are distinct, one to three seeded words each, the same every run', () => {
    const queries = distinctQueries(30_000);
    expect(queries).toHaveLength(30_000);
    expect(new Set(queries).size).toBe(30_000);
    const lengths = new Set<number>();
    for (const query of queries) {
      const words = query.split(' ');
      lengths.add(words.length);
      expect(new Set(words).size).toBe(words.length);
      for (const word of words) expect(SEED_WORDS).toContain(word);
    }
    expect([...lengths].sort()).toEqual([1, 2, 3]);
    expect(distinctQueries(100)).toEqual(queries.slice(0, 100));
  });
});
