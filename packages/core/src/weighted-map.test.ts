import { describe, expect, it } from 'vitest';
import { WeightedMap } from './weighted-map';

describe('WeightedMap', () => {
  it('lets the entries set longest ago go once their weight or their count passes its bound', () => {
    const byWeight = new WeightedMap<string, string>(10);
    byWeight.set('a', 'x', 4);
    byWeight.set('b', 'y', 4);
    byWeight.set('a', 'x', 4); // set again: now the newest
    byWeight.set('c', 'z', 4);
    expect([byWeight.get('a'), byWeight.get('b'), byWeight.get('c')]).toEqual(['x', undefined, 'z']);

    const byCount = new WeightedMap<number, number>(1_000, 2);
    for (const key of [1, 2, 3]) byCount.set(key, key * 10, 1);
    expect([byCount.get(1), byCount.get(2), byCount.get(3)]).toEqual([undefined, 20, 30]);

    byCount.delete(2);
    byCount.set(4, 40, 1);
    expect([byCount.get(3), byCount.get(4)]).toEqual([30, 40]);
  });
});
