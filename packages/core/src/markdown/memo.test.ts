import { describe, expect, it } from 'vitest';
import { memoize } from './memo';

describe('memoize', () => {
  it('runs the transform once per key and keeps the most recently used keys within its bound', () => {
    const calls: string[] = [];
    const upper = memoize((key) => {
      calls.push(key);
      return key.toUpperCase();
    }, 4000);
    expect(upper('a'.repeat(10))).toBe('A'.repeat(10));
    expect(upper('a'.repeat(10))).toBe('A'.repeat(10));
    expect(calls).toHaveLength(1);
    // Each entry costs 40 characters: 100 more push the first one out.
    for (let i = 0; i < 100; i++) upper(`${i}`.padStart(20, 'k'));
    upper('a'.repeat(10));
    expect(calls.filter((key) => key === 'a'.repeat(10))).toHaveLength(2);
  });

  it('does not keep a value larger than a hundredth of its bound', () => {
    let runs = 0;
    const same = memoize((key) => {
      runs += 1;
      return key;
    }, 1000);
    same('x'.repeat(20));
    same('x'.repeat(20));
    expect(runs).toBe(2);
  });
});
