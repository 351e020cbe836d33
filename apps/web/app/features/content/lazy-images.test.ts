import { describe, expect, it } from 'vitest';
import { isNearViewport, PRELOAD_RATIO } from './lazy-images';

const viewport = { width: 1000, height: 800 };
const box = (top: number, height = 100) => ({ top, bottom: top + height, left: 0, right: 500 });

describe('isNearViewport', () => {
  it('uses the preload ratio of 1.3', () => {
    expect(PRELOAD_RATIO).toBe(1.3);
  });

  it('loads what is on screen', () => {
    expect(isNearViewport(box(100), viewport)).toBe(true);
  });

  it('loads what starts within 1.3 viewport heights (1040 px of 800)', () => {
    expect(isNearViewport(box(1039), viewport)).toBe(true);
    expect(isNearViewport(box(1040), viewport)).toBe(false);
    expect(isNearViewport(box(2000), viewport)).toBe(false);
  });

  it('does not load what has been scrolled past', () => {
    expect(isNearViewport(box(-200, 100), viewport)).toBe(false);
    expect(isNearViewport(box(-50, 100), viewport)).toBe(true);
  });

  it('applies the same ratio sideways', () => {
    expect(isNearViewport({ top: 0, bottom: 10, left: 1299, right: 1400 }, viewport)).toBe(true);
    expect(isNearViewport({ top: 0, bottom: 10, left: 1300, right: 1400 }, viewport)).toBe(false);
  });
});
