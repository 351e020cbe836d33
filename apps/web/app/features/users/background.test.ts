import { describe, expect, it } from 'vitest';
import { bannerBackground } from './background';

describe('banner background', () => {
  it('is the default gradient without an image', () => {
    expect(bannerBackground('').backgroundImage).toMatch(/^linear-gradient/);
  });

  it('quotes the image URL so it cannot break out of url()', () => {
    const style = bannerBackground('/uploads/a b").png');
    expect(style.backgroundImage).toContain('url("/uploads/a b\\").png")');
    expect(style.backgroundSize).toBe('cover');
  });
});
