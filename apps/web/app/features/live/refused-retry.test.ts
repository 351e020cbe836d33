import { describe, expect, it } from 'vitest';
import { refusedRetryDelay } from './LiveProvider';

describe('asking again after a refused live connection', () => {
  it('waits a second, doubling up to thirty, spread over half to one and a half times that', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => refusedRetryDelay(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(refusedRetryDelay(0, () => 0)).toBe(500);
    expect(refusedRetryDelay(0, () => 0.999)).toBe(1_499);
    expect(refusedRetryDelay(9, () => 0)).toBe(15_000);
  });
});
