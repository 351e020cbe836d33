import { describe, expect, it } from 'vitest';
import { stepIndex } from './viewer';

describe('stepIndex', () => {
  it('moves forward and back', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, -1, 3)).toBe(1);
  });

  it('wraps around at both ends', () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
  });

  it('stays at 0 without images', () => {
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});
