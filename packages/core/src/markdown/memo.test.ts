import { describe, expect, it } from 'vitest';
import { memoize, memoizeById } from './memo';

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

describe('memoizeById', () => {
  it('makes an item’s text once, and anew when the text or the variant changes', () => {
    const calls: string[] = [];
    const shout = memoizeById(
      (source: string, options: { mark: string }) => {
        calls.push(source);
        return `${source.toUpperCase()}${options.mark}`;
      },
      (options) => options.mark,
      4000,
    );
    expect(shout(1, 'hello', { mark: '!' })).toBe('HELLO!');
    // An equal text that is another string object still hits.
    expect(shout(1, ['hel', 'lo'].join(''), { mark: '!' })).toBe('HELLO!');
    expect(calls).toEqual(['hello']);
    expect(shout(1, 'hello again', { mark: '!' })).toBe('HELLO AGAIN!');
    expect(shout(1, 'hello again', { mark: '?' })).toBe('HELLO AGAIN?');
    expect(shout(2, 'hello again', { mark: '?' })).toBe('HELLO AGAIN?');
    expect(calls).toEqual(['hello', 'hello again', 'hello again', 'hello again']);
  });

  it('keeps the newest entries within its bound', () => {
    let runs = 0;
    const same = memoizeById(
      (source: string) => {
        runs += 1;
        return source;
      },
      () => '',
      2000,
    );
    for (let id = 1; id <= 120; id++) same(id, 'x'.repeat(9), null);
    expect(runs).toBe(120);
    same(120, 'x'.repeat(9), null);
    expect(runs).toBe(120);
    // 120 entries of 18 characters exceed 2,000: the first ones left.
    same(1, 'x'.repeat(9), null);
    expect(runs).toBe(121);
  });
});
