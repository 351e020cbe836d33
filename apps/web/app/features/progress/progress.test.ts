import { describe, expect, it } from 'vitest';
import { nextPercent, PROGRESS_DURATION_MS, PROGRESS_TICK_MS } from './progress';

describe('nextPercent', () => {
  it('reaches the end of the bar after the 5 s duration but never completes on its own', () => {
    let percent = 0;
    const ticks = PROGRESS_DURATION_MS / PROGRESS_TICK_MS;
    for (let i = 0; i < ticks - 1; i++) percent = nextPercent(percent);
    expect(percent).toBeGreaterThan(95);
    expect(percent).toBeLessThan(100);
    for (let i = 0; i < 100; i++) percent = nextPercent(percent);
    expect(percent).toBe(99);
  });
});
